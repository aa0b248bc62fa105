package buildinfo

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTheBuildIsTheModuleVersionElseTheRevisionElseDevel(t *testing.T) {
	t.Parallel()
	rev := "1fa1a5d2c3e4b5a6978800112233445566778899"
	cases := []struct {
		name string
		info debug.BuildInfo
		want string
	}{
		{"a tagged module", debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}}, "v1.2.0"},
		{"a pseudo-version", debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261124183100-1fa1a5d2c3e4"}}, "v0.0.0-20261124183100-1fa1a5d2c3e4"},
		{"a checkout's revision", debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "false"}}}, "devel 1fa1a5d2c3e4"},
		{"a checkout with changes", debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "true"}}}, "devel 1fa1a5d2c3e4+modified"},
		{"nothing recorded", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "devel"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, describeBuild(&c.info))
		})
	}
}
