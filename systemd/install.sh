#!/usr/bin/env bash
# Install (or remove) the companion kiosk: the service user, the app in its own virtual
# environment, the systemd unit and the scanner's udev rule; then enable the service.
#
#   sudo systemd/install.sh                 install or update, enable at boot
#   sudo systemd/install.sh --uninstall     remove all that again (the games are kept)
#   sudo systemd/install.sh --uninstall --purge   … and the games in /var/lib/companion too
#
# Safe to run again: every step checks what is already there (an update is the same command
# after `git pull`). An update never touches the running version: the new one is installed
# beside it, and only once it is complete does one rename switch to it (then the service is
# restarted); an install that fails leaves the old version as it was, running. What goes where:
#   /opt/companion/releases/<id>/app   a copy of this project (code, kv/ layouts, data/, docs/);
#                                      <id> is a hash of its files: the same files, the same id
#   /opt/companion/releases/<id>/venv  its virtual environment (`pip install -e app`)
#   /opt/companion/current   -> releases/<id>, switched by one rename (the version in use;
#                               the one before it is kept, older ones removed)
#   /opt/companion/app, /opt/companion/venv  -> current/app, current/venv (the unit's path)
#   /etc/systemd/system/companion.service, enabled for multi-user.target, and
#   /etc/systemd/system/companion-stopped.service (the screen's message at the start limit)
#   /etc/udev/rules.d/99-companion-scanner.rules
#   /etc/udev/rules.d/99-companion-usb.rules and /etc/systemd/system/media-companion_usb.mount:
#     a USB stick for backups, mounted at /media/companion_usb while it is plugged in
#   user and group `companion` (system, no home, no login shell)
#   /var/lib/companion      the database; made by systemd on first start (StateDirectory=)
#
# For tests and image building:
#   --root DIR         work on the system tree under DIR instead of / (users through
#                      useradd --prefix, systemctl --root; nothing is started or reloaded)
#   --pip-args "ARGS"  extra pip arguments, e.g. "--no-deps --no-build-isolation" for a
#                      quick offline install whose dependencies are not wanted
set -euo pipefail

SOURCE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROOT="/"
UNINSTALL=0
PURGE=0
PIP_ARGS=""
PYTHON="${PYTHON:-python3}"
SERVICE_USER="companion"
UNIT="companion.service"
STOPPED="companion-stopped.service"
RULES="99-companion-scanner.rules"
USB_RULES="99-companion-usb.rules"  # a USB stick for backups, mounted by USB_MOUNT
USB_MOUNT="media-companion_usb.mount"
USB_DIR="/media/companion_usb"
# The groups the unit's SupplementaryGroups= names: Raspberry Pi OS has them all; any that is
# missing (gpio on a machine that is not a Pi) is made, or systemd would refuse to start.
DEVICE_GROUPS=(video render input dialout gpio)

usage() { sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while [ $# -gt 0 ]; do
  case "$1" in
    --root) ROOT="${2:?--root needs a directory}"; shift 2 ;;
    --root=*) ROOT="${1#--root=}"; shift ;;
    --uninstall) UNINSTALL=1; shift ;;
    --purge) PURGE=1; shift ;;
    --pip-args) PIP_ARGS="${2?--pip-args needs a value}"; shift 2 ;;
    --pip-args=*) PIP_ARGS="${1#--pip-args=}"; shift ;;
    -h|--help) usage 0 ;;
    *) echo "install.sh: unknown option $1" >&2; usage 2 >&2 ;;
  esac
done

ROOT="$(cd "$ROOT" && pwd)"
OFFLINE=0  # a tree under --root: no running system to reload or start
[ "$ROOT" = "/" ] || OFFLINE=1
at() { echo "${ROOT%/}$1"; }  # a path inside the target tree

HOME_DIR="$(at /opt/companion)"
RELEASES="$HOME_DIR/releases"
UNIT_PATH="$(at /etc/systemd/system/$UNIT)"
STOPPED_PATH="$(at /etc/systemd/system/$STOPPED)"
RULES_PATH="$(at /etc/udev/rules.d/$RULES)"
USB_RULES_PATH="$(at /etc/udev/rules.d/$USB_RULES)"
USB_MOUNT_PATH="$(at /etc/systemd/system/$USB_MOUNT)"
STATE="$(at /var/lib/companion)"

if [ "$(id -u)" -ne 0 ]; then
  echo "install.sh: run it as root (sudo)" >&2
  exit 1
fi

say() { echo "companion install: $*"; }

# useradd and friends edit the files under --root (--prefix) instead of the running system's.
shadow_tool() {
  local tool="$1"; shift
  if [ "$OFFLINE" = 1 ]; then "$tool" --prefix "$ROOT" "$@"; else "$tool" "$@"; fi
}

has_line() { [ -f "$(at "$2")" ] && grep -q "^$1:" "$(at "$2")"; }

systemctl_() {
  if [ "$OFFLINE" = 1 ]; then systemctl --root="$ROOT" "$@"; else systemctl "$@"; fi
}

install_user() {
  local group
  for group in "${DEVICE_GROUPS[@]}"; do
    has_line "$group" /etc/group || { shadow_tool groupadd --system "$group"; say "made group $group"; }
  done
  if has_line "$SERVICE_USER" /etc/passwd; then
    return
  fi
  shadow_tool useradd --system --user-group --no-create-home --home-dir /var/lib/companion \
    --shell /usr/sbin/nologin --comment "companion kiosk" "$SERVICE_USER"
  say "made user $SERVICE_USER"
}

# What the app needs at run time. From a git checkout only the files git knows (no local
# databases, screenshots or caches); otherwise the folders as they are.
project_files() {
  local parts=(pyproject.toml README.md companion hardware kv data docs systemd)
  if git -C "$SOURCE" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git -C "$SOURCE" ls-files -z -- "${parts[@]}" | while IFS= read -r -d '' file; do
      [ -e "$SOURCE/$file" ] && printf '%s\0' "$file"  # deleted but not yet committed: skip
    done
  else
    (cd "$SOURCE" && find "${parts[@]}" -name __pycache__ -prune -o -name '*.egg-info' -prune \
      -o -type f -print0)
  fi
}

# A name for this set of files: the same files (and pip arguments) give the same release.
release_id() {
  (cd "$SOURCE" && project_files | sort -z | while IFS= read -r -d '' file; do
    if [ -L "$file" ]; then printf '%s -> %s\n' "$file" "$(readlink "$file")"
    else sha256sum "$file"; fi
  done; printf 'pip %s\n' "$PIP_ARGS") | sha256sum | cut -c1-12
}

# The new version, complete, in releases/<id> (built at its final path: a virtual
# environment cannot be moved). Nothing the running version uses is touched.
install_app() {
  local release="$RELEASES/$1"
  if [ -f "$release/.complete" ]; then
    say "this version is already installed ($1)"
    return
  fi
  rm -rf "$release"
  mkdir -p "$release/app"
  BUILDING="$release"  # removed again if anything below fails
  project_files | tar -C "$SOURCE" --null --files-from=- -cf - | tar -C "$release/app" -xf -
  # System site packages: Raspberry Pi OS's own lgpio (python3-lgpio) serves gpiozero.
  "$PYTHON" -m venv --system-site-packages "$release/venv"
  # shellcheck disable=SC2086  # PIP_ARGS is a list of arguments
  "$release/venv/bin/python" -m pip install --quiet --disable-pip-version-check $PIP_ARGS \
    -e "$release/app"
  # Bytecode now, while the release may still be written: the unit runs it read-only
  # (ProtectSystem=strict), where Python would compile every module again at each start.
  "$release/venv/bin/python" -m compileall -q "$release/app/companion" >/dev/null
  "$release/venv/bin/python" -c "import companion" >/dev/null  # it imports, or no switch
  touch "$release/.complete"
  BUILDING=""
  say "installed version $1 in $release"
}

# One rename makes the new version the one in use; app/ and venv/ point through current.
switch_to() {
  local link
  if [ -d "$HOME_DIR/app" ] && [ ! -L "$HOME_DIR/app" ]; then
    # Installed before releases existed: its folders give way to the links (one time only).
    [ "$OFFLINE" = 1 ] || systemctl stop "$UNIT" || true
    rm -rf "$HOME_DIR/app" "$HOME_DIR/venv"
  fi
  ln -sfn "releases/$1" "$HOME_DIR/current.new"
  mv -T "$HOME_DIR/current.new" "$HOME_DIR/current"
  for link in app venv; do
    [ "$(readlink "$HOME_DIR/$link" 2>/dev/null)" = "current/$link" ] && continue
    ln -sfn "current/$link" "$HOME_DIR/$link.new"
    mv -T "$HOME_DIR/$link.new" "$HOME_DIR/$link"
  done
  say "switched to version $1"
}

# The version in use and the one before it stay; older ones (and unfinished ones) go.
prune_releases() {
  local current previous release
  current="$(readlink "$HOME_DIR/current")"
  previous="$(cat "$HOME_DIR/previous" 2>/dev/null || true)"
  for release in "$RELEASES"/*; do
    [ -e "$release" ] || continue
    case "releases/$(basename "$release")" in
      "$current"|"$previous") ;;
      *) rm -rf "$release" ;;
    esac
  done
}

install_files() {
  install -D -m 0644 "$SOURCE/systemd/$UNIT" "$UNIT_PATH"
  install -D -m 0644 "$SOURCE/systemd/$STOPPED" "$STOPPED_PATH"
  install -D -m 0644 "$SOURCE/systemd/$RULES" "$RULES_PATH"
  install -D -m 0644 "$SOURCE/systemd/$USB_RULES" "$USB_RULES_PATH"
  install -D -m 0644 "$SOURCE/systemd/$USB_MOUNT" "$USB_MOUNT_PATH"
  # The stick's mount point exists before the app starts: its unit lists it in ReadWritePaths=.
  install -d -m 0755 "$(at "$USB_DIR")"
  if [ "$OFFLINE" = 0 ]; then
    systemctl daemon-reload
    if command -v udevadm >/dev/null; then
      udevadm control --reload || true
      udevadm trigger --subsystem-match=tty || true
    fi
  fi
  systemctl_ enable "$UNIT" >/dev/null  # its errors still show
  say "enabled $UNIT (starts at the next boot; now: systemctl start $UNIT)"
}

uninstall() {
  if [ -f "$UNIT_PATH" ]; then
    [ "$OFFLINE" = 1 ] || systemctl stop "$UNIT" || true
    systemctl_ disable "$UNIT" >/dev/null 2>&1 || true
  fi
  rm -f "$UNIT_PATH" "$STOPPED_PATH" "$RULES_PATH" "$USB_RULES_PATH" "$USB_MOUNT_PATH"
  rmdir "$(at "$USB_DIR")" 2>/dev/null || true  # only if empty: never a mounted stick's files
  rm -rf "$HOME_DIR"
  if [ "$OFFLINE" = 0 ]; then
    systemctl daemon-reload
    command -v udevadm >/dev/null && { udevadm control --reload || true; }
  fi
  if has_line "$SERVICE_USER" /etc/passwd; then
    shadow_tool userdel "$SERVICE_USER"
  fi
  if has_line "$SERVICE_USER" /etc/group; then  # userdel leaves it when others share it
    shadow_tool groupdel "$SERVICE_USER"
  fi
  if [ "$PURGE" = 1 ]; then
    rm -rf "$STATE"
    say "removed the games in $STATE"
  elif [ -d "$STATE" ]; then
    say "kept the games in $STATE (--purge removes them)"
  fi
  say "removed"
}

if [ "$UNINSTALL" = 1 ]; then
  uninstall
  exit 0
fi
BUILDING=""
trap '[ -z "$BUILDING" ] || { rm -rf "$BUILDING"; echo "companion install: failed; the version in use is unchanged" >&2; }' EXIT
install_user
ID="$(release_id)"
install_app "$ID"
OLD="$(readlink "$HOME_DIR/current" 2>/dev/null || true)"
if [ "$OLD" != "releases/$ID" ]; then
  [ -z "$OLD" ] || echo "$OLD" >"$HOME_DIR/previous"
  switch_to "$ID"
fi
prune_releases
install_files
if [ "$OFFLINE" = 0 ] && [ "$OLD" != "releases/$ID" ] && systemctl is-active --quiet "$UNIT"; then
  systemctl restart "$UNIT"
  say "restarted $UNIT on version $ID"
fi
