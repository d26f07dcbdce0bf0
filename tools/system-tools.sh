#!/bin/sh
# What `make setup` needs beyond PyPI: Graphviz's `dot` (to render diagrams) and a Chromium (for
# the browser tests). Neither is needed by `make check`. npm (Node.js) builds the static site
# (`make site`): installed where apt-get runs as root, otherwise optional (its test skips).
#
#   tools/system-tools.sh before-pip   find them, or install them where this machine allows
#   tools/system-tools.sh after-pip BIN   let Playwright download its Chromium where that is
#                                         the way (macOS, Ubuntu), once BIN/playwright exists
#
# Already present: used as they are. Debian as root: apt-get (CI's path). macOS: Homebrew for
# Graphviz, Playwright's own Chromium. Ubuntu as root: apt-get for Graphviz (its chromium package
# is a snap), Playwright's Chromium. Anywhere else: stop, saying what is missing and the command
# that installs it.
set -eu

has_dot() { command -v dot >/dev/null 2>&1; }
has_chromium() {
    [ -n "${TAVERN_CHROMIUM:-}" ] || command -v chromium >/dev/null 2>&1 ||
        command -v chromium-browser >/dev/null 2>&1
}
os_id() {
    if [ "$(uname -s)" = Darwin ]; then echo macos; return; fi
    if [ -r /etc/os-release ]; then . /etc/os-release; echo "${ID:-linux}"; else echo linux; fi
}
is_root() { [ "$(id -u)" = 0 ]; }
stop() {
    echo "" >&2
    echo "make setup: missing: $1" >&2
    echo "  $2" >&2
    echo "  (make check needs neither; only make setup/make test do)" >&2
    exit 1
}

os=$(os_id)
case "${1:-}" in
before-pip)
    want_apt=""
    has_dot || want_apt="graphviz"
    if ! has_chromium && [ "$os" = debian ]; then want_apt="$want_apt chromium"; fi
    if ! command -v npm >/dev/null 2>&1 && [ "$os" = debian ] && is_root; then
        want_apt="$want_apt npm"
    fi
    want_apt=$(echo $want_apt)
    if [ -z "$want_apt" ] && { has_dot || [ "$os" = macos ]; }; then
        :
    elif [ "$os" = macos ]; then
        command -v brew >/dev/null 2>&1 ||
            stop "Graphviz (the dot program)" "install Homebrew (https://brew.sh), then run: brew install graphviz"
        brew install graphviz
    elif [ "$os" = debian ] || [ "$os" = ubuntu ]; then
        [ -n "$want_apt" ] || exit 0
        if is_root; then
            apt-get update -qq && apt-get install -y -qq $want_apt
        elif command -v sudo >/dev/null 2>&1; then
            stop "$want_apt (Debian packages)" "run this once, then make setup again: sudo apt-get install -y $want_apt"
        else
            stop "$want_apt (Debian packages)" "ask an administrator to run: apt-get install -y $want_apt"
        fi
    else
        has_dot || stop "Graphviz (the dot program)" \
            "install it with your system's package manager (the package is called graphviz), then run make setup again"
        has_chromium || stop "a Chromium browser" \
            "install Chromium (or set TAVERN_CHROMIUM to its path), then run make setup again"
    fi
    ;;
after-pip)
    has_chromium && exit 0
    bin=${2:?after-pip needs the bin folder of the virtual environment}
    case "$os" in
    macos|ubuntu) "$bin/playwright" install chromium ;;
    *) stop "a Chromium browser" "install Chromium (or set TAVERN_CHROMIUM to its path), then run make setup again" ;;
    esac
    ;;
*)
    echo "usage: tools/system-tools.sh before-pip | after-pip BIN" >&2
    exit 2
    ;;
esac
