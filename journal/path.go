package journal

// Path is the file name of the journal being read; "" for one in memory.
func (r *Reader) Path() string { return r.path }
