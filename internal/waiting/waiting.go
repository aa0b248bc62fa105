// Package waiting lets a package's tests that mostly wait run more at
// once. go test runs at most -parallel tests that call t.Parallel at a
// time, GOMAXPROCS by default; tests that wait on a terminal, a browser,
// a server's timeout or a database's fsync then leave the processors
// idle. For the TestMain of such packages only.
package waiting

import (
	"flag"
	"runtime"
	"strconv"
	"testing"
)

// Factor is how many parallel tests run at once per processor unless
// -parallel is given.
const Factor = 3

// Run parses the test flags, sets -parallel to Factor times GOMAXPROCS
// unless it was given, and runs the tests.
func Run(m *testing.M) int {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		if err := flag.Set("test.parallel", strconv.Itoa(Factor*runtime.GOMAXPROCS(0))); err != nil {
			panic(err)
		}
	}
	return m.Run()
}
