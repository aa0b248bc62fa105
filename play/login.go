package play

import (
	"os"
	"os/user"
)

// loginName is the user's login name: $USER, else the name the system's
// user database gives the current user (os/user), else "".
func loginName() string {
	if name := os.Getenv("USER"); name != "" {
		return name
	}
	if u, err := user.Current(); err == nil {
		return u.Username
	}
	return ""
}
