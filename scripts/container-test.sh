#!/usr/bin/env bash
# The container image, built and run as a user would, checked from outside (called by
# scripts/test.sh; alone: `bash scripts/container-test.sh`):
#   1. the static release binary (x86_64-unknown-linux-musl, the engine module embedded);
#   2. the image: the Dockerfile's `prebuilt` target with buildah, from that binary (no base image:
#      the machines CI runs on reach no image registry);
#   3. run with podman as the image says (user 10001) with a read-only root filesystem, no tmpfs,
#      and one writable volume for /var/lib/lookback; its own network namespace with only
#      loopback, entered from outside with nsenter (no port published, no other address used);
#   4. from outside: /health 200 (start-to-ready timed), the image's HEALTHCHECK and the
#      Kubernetes exec probe (`lookback health`) inside it, every corpus request answered as the
#      native (glibc) server beside it answers it, `lookback --version` = the answers' engine
#      version, the process's uid and gid 10001, SIGTERM under load: exit 0 within the drain time,
#      every request answered 200 has its line in the decision log on the volume and every line
#      is JSON; started again on the same volume: ready again from the compile cache there.
# Installs Debian's buildah, podman, runc and musl-tools when missing. Any failed step fails the
# run; where they cannot be installed (no root) it fails too unless LOOKBACK_REQUIRE_CONTAINER=0,
# which skips it loudly. Figures (sizes, times) go to target/container/summary.json.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

TRIPLE=x86_64-unknown-linux-musl
OUT=$ROOT/target/container
IMAGE=localhost/lookback:test
NAME=lookback-container-test-$$
# Short, so the SIGTERM check is quick; the check is that it exits within it.
DRAIN_SECS=5
# The image may not grow past this (the binary is most of it).
MAX_IMAGE_MB=40
REQUIRE=${LOOKBACK_REQUIRE_CONTAINER:-1}

step() { echo "== container: $*"; }
die() { echo "container test FAILED: $*" >&2; exit 1; }
ms_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }

# musl-tools: the C compiler for musl (x86_64-linux-musl-gcc) that the crates with C code (ring)
# are built with for the static binary.
install_tools() {
  local missing=0
  for tool in buildah podman runc nsenter x86_64-linux-musl-gcc; do command -v "$tool" >/dev/null || missing=1; done
  [ -s /etc/ssl/certs/ca-certificates.crt ] || missing=1
  [ "$missing" = 0 ] && return 0
  echo "installing Debian's buildah, podman, runc, musl-tools and ca-certificates for the container test"
  [ "$(id -u)" = 0 ] || { echo "not root: cannot apt-get install them" >&2; return 1; }
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    buildah podman runc musl-tools ca-certificates util-linux >/dev/null
}
if ! install_tools; then
  if [ "$REQUIRE" = 1 ]; then
    die "the container test needs buildah, podman, runc and musl-tools (set LOOKBACK_REQUIRE_CONTAINER=0 to skip it)"
  fi
  echo "SKIPPED: the container test: buildah, podman, runc or musl-tools missing (LOOKBACK_REQUIRE_CONTAINER=0)" \
    | tee -a "${LOOKBACK_SKIP_LOG:-/dev/null}" >&2
  exit 0
fi

# Podman and buildah on their own storage and settings under target/container, so nothing of the
# machine's container configuration is read or changed: runc with cgroupfs (no systemd here), the
# vfs driver (no overlay mounts needed), no default ulimits (the sandbox may not raise them).
mkdir -p "$OUT"
: > "$OUT/podman.log"
cat > "$OUT/containers.conf" <<EOF
[containers]
default_ulimits = []
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
tmp_dir = "$OUT/libpod-tmp"
EOF
cat > "$OUT/storage.conf" <<EOF
[storage]
driver = "vfs"
graphroot = "$OUT/storage"
runroot = "$OUT/run"
EOF
export CONTAINERS_CONF=$OUT/containers.conf CONTAINERS_STORAGE_CONF=$OUT/storage.conf
[ "$(podman info --format '{{.Store.GraphRoot}}')" = "$OUT/storage" ] \
  || die "podman does not use the storage under $OUT"

CHECK=(python3 "$ROOT/scripts/container_check.py")
NATIVE_PID=
cleanup() {
  if [ -n "$NATIVE_PID" ]; then kill "$NATIVE_PID" 2>/dev/null || true; fi
  podman rm -f -t 0 "$NAME" >/dev/null 2>&1 || true
}
trap cleanup EXIT
# A run stopped halfway leaves its container: remove every one in this storage.
podman rm -a -f -t 0 >/dev/null 2>&1 || true

step "static binary ($TRIPLE, release)"
if ! rustup target list --installed 2>/dev/null | grep -qx "$TRIPLE"; then
  echo "installing the $TRIPLE target (the image's static binary is built for it)"
  rustup target add "$TRIPLE"
fi
started=$(date +%s%N)
cargo build --release --locked -p lookback --bin lookback --target "$TRIPLE"
BUILD_MS=$(ms_since "$started")
BIN=target/$TRIPLE/release/lookback
# Static: no program interpreter and no shared library needed (the image has neither).
if readelf -lW "$BIN" | grep -q 'Requesting program interpreter' || readelf -dW "$BIN" | grep -q '(NEEDED)'; then
  die "$BIN is not statically linked: $(readelf -dW "$BIN" | grep NEEDED | head -3)"
fi
BIN_BYTES=$(stat -c %s "$BIN")

# The native server the image is compared with: this test run's own glibc build (what
# `cargo test --workspace --all-targets` built; nothing is rebuilt when it ran first), or the
# binary LOOKBACK_NATIVE_BIN names (a glibc release build, say).
NATIVE=${LOOKBACK_NATIVE_BIN:-}
if [ -z "$NATIVE" ]; then
  step "native binary (glibc, the test run's)"
  cargo test --workspace --all-targets --no-run -q >/dev/null 2>&1 \
    || cargo test --workspace --all-targets --no-run
  NATIVE=target/debug/lookback
fi
[ -x "$NATIVE" ] || die "$NATIVE was not built"

step "image (Dockerfile target prebuilt, buildah)"
CONTEXT=$OUT/context
rm -rf "$CONTEXT"
mkdir -p "$CONTEXT/dist" "$CONTEXT/deploy"
cp Dockerfile "$CONTEXT/"
cp -r deploy/container "$CONTEXT/deploy/"
cp "$BIN" "$CONTEXT/dist/lookback"
cp /etc/ssl/certs/ca-certificates.crt "$CONTEXT/dist/ca-certificates.crt"
podman rmi -f "$IMAGE" >/dev/null 2>&1 || true
# Docker's format keeps HEALTHCHECK (the OCI format has no field for it).
buildah bud --quiet --format docker --target prebuilt -t "$IMAGE" "$CONTEXT" >/dev/null
podman image prune -f >/dev/null
IMAGE_BYTES=$(podman image inspect --format '{{.Size}}' "$IMAGE")
[ "$(podman image inspect --format '{{.Config.User}}' "$IMAGE")" = "10001:10001" ] || die "the image's user is not 10001:10001"
podman image inspect --format '{{.HealthCheck}}' "$IMAGE" | grep -q 'lookback health' \
  || die "the image has no HEALTHCHECK running lookback health: $(podman image inspect --format '{{.HealthCheck}}' "$IMAGE")"
[ "$IMAGE_BYTES" -le $((MAX_IMAGE_MB * 1000 * 1000)) ] || die "the image is $IMAGE_BYTES bytes, over $MAX_IMAGE_MB MB"
echo "image $IMAGE: $IMAGE_BYTES bytes; static binary $BIN_BYTES bytes (built in $((BUILD_MS / 1000)) s)"

KEY=lkb_ct$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
SECRET=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
DATA=$OUT/data
rm -rf "$DATA"
mkdir -p "$DATA"
chown 10001:10001 "$DATA"

# Starts the image on $DATA; sets PID (the server's, on the host) and READY_MS (podman run to
# /health 200, from outside).
start_image() {
  local started
  started=$(date +%s%N)
  podman rm -f -t 0 "$NAME" >/dev/null 2>&1 || true
  # The health check runs when asked (`podman healthcheck run` below), not on a timer: podman's
  # timers are systemd units, and there is no systemd here (podman says so on standard error,
  # kept in podman.log).
  podman run -d --name "$NAME" --network none --read-only --read-only-tmpfs=false \
    --health-interval disable \
    -v "$DATA:/var/lib/lookback" \
    -e LOOKBACK_API_KEYS="$KEY" -e LOOKBACK_JWT_SECRET="$SECRET" \
    -e LOOKBACK_METRICS_ADDR=0.0.0.0:9090 -e LOOKBACK_DRAIN_SECS=$DRAIN_SECS \
    -e LOOKBACK_DECISION_LOG=/var/lib/lookback/decisions.jsonl \
    "$IMAGE" >/dev/null 2>>"$OUT/podman.log" || { cat "$OUT/podman.log" >&2; die "podman run failed"; }
  PID=$(podman inspect --format '{{.State.Pid}}' "$NAME")
  [ "$PID" -gt 0 ] || { podman logs "$NAME" >&2 || true; die "the container did not start"; }
  READY_MS=$(in_image_net "${CHECK[@]}" ready http://127.0.0.1:8080 60 >/dev/null && ms_since "$started") \
    || { podman logs "$NAME" >&2 || true; die "the image did not become ready"; }
  # The server's own part of it: loading (compiling, or reading from the cache) the engine module.
  LOAD_MS=$(podman logs "$NAME" 2>&1 | python3 -c '
import json, sys
for line in sys.stdin:
    try:
        fields = json.loads(line).get("fields", {})
    except ValueError:
        continue
    if fields.get("message") == "engine module loaded":
        print(round(fields["load_ms"]))
        break')
  [ -n "$LOAD_MS" ] || die "the server logged no 'engine module loaded' line"
}
# Runs a command of the host in the container's network namespace: its loopback is the server's.
in_image_net() { nsenter --net="/proc/$PID/ns/net" -- "$@"; }

step "run (podman, read-only root, volume /var/lib/lookback, no network but loopback)"
start_image
COLD_READY_MS=$READY_MS
COLD_LOAD_MS=$LOAD_MS
echo "ready in $COLD_READY_MS ms (podman run to /health 200), $COLD_LOAD_MS ms of it loading the engine module (compiled: no cache yet)"

step "checks from outside"
status=$(podman inspect --format '{{.State.Status}} {{.HostConfig.ReadonlyRootfs}}' "$NAME")
[ "$status" = "running true" ] || die "container state/read-only: $status"
ids=$(awk '/^Uid:|^Gid:/ {print $2, $3, $4, $5}' "/proc/$PID/status" | tr '\n' ' ')
[ "$ids" = "10001 10001 10001 10001 10001 10001 10001 10001 " ] || die "the server runs as uid/gid $ids, not 10001"
echo "runs as uid and gid 10001 (real, effective, saved, filesystem)"
podman healthcheck run "$NAME" >/dev/null 2>>"$OUT/podman.log" || die "the image's HEALTHCHECK failed"
podman exec "$NAME" /usr/local/bin/lookback health --addr 127.0.0.1:9090 >/dev/null \
  || die "lookback health on the internal listener (the Kubernetes probe) failed"
echo "HEALTHCHECK and the Kubernetes exec probe (lookback health --addr 127.0.0.1:9090): healthy"
# The root filesystem refuses a write that the volume takes, by the same user: read-only, not
# merely not the user's.
refused=$(podman exec "$NAME" /usr/local/bin/lookback keys create --file /keys.json 2>&1 >/dev/null || true)
case "$refused" in
  *"Read-only file system"*) ;;
  *) die "a write outside /var/lib/lookback was not refused as read-only: $refused" ;;
esac
podman exec "$NAME" /usr/local/bin/lookback keys create --file /var/lib/lookback/keys.json >/dev/null 2>&1 \
  || die "the volume /var/lib/lookback is not writable for the server's user"
rm -f "$DATA/keys.json"
echo "writes: refused on the root filesystem, taken on the volume"

in_image_net env LOOKBACK_API_KEYS="$KEY" LOOKBACK_JWT_SECRET="$SECRET" RUST_LOG=warn \
  "$NATIVE" serve --addr 127.0.0.1:18080 >"$OUT/native.log" 2>&1 &
NATIVE_PID=$!
in_image_net "${CHECK[@]}" ready http://127.0.0.1:18080 120 >/dev/null || die "the native server did not start: $(tail -5 "$OUT/native.log")"
compared=$(in_image_net "${CHECK[@]}" compare http://127.0.0.1:8080 http://127.0.0.1:18080 "$KEY" tests/corpus)
kill "$NATIVE_PID"; wait "$NATIVE_PID" 2>/dev/null || true; NATIVE_PID=
echo "corpus answered the same by the image and the native server: $compared"
engine_version=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["engine_version"])' "$compared")
binary_version=$(podman run --rm --network none --no-healthcheck "$IMAGE" --version)
[ "$binary_version" = "lookback $engine_version" ] \
  || die "lookback --version says '$binary_version'; the answers' engine is $engine_version"
echo "lookback --version: $binary_version = the answers' meta.engine.version"

step "SIGTERM under load"
in_image_net "${CHECK[@]}" load http://127.0.0.1:8080 "$KEY" core-wasm/fixtures/ten-charges.json "$OUT/answered.txt" \
  >"$OUT/load.json" &
LOAD_PID=$!
sleep 2
started=$(date +%s%N)
podman stop -t $((DRAIN_SECS + 20)) "$NAME" >/dev/null 2>>"$OUT/podman.log"
STOP_MS=$(ms_since "$started")
wait "$LOAD_PID" || die "the load against the stopping server failed"
exit_code=$(podman inspect --format '{{.State.ExitCode}}' "$NAME")
[ "$exit_code" = 0 ] || { podman logs "$NAME" 2>&1 | tail -20 >&2; die "the server exited $exit_code on SIGTERM"; }
[ "$STOP_MS" -le $((DRAIN_SECS * 1000 + 2000)) ] || die "SIGTERM took $STOP_MS ms, over the ${DRAIN_SECS} s drain"
podman logs "$NAME" 2>&1 | grep -q '"stopped"' || die "the server's log has no 'stopped' line"
logged=$("${CHECK[@]}" log "$DATA/decisions.jsonl" "$OUT/answered.txt")
echo "stopped in $STOP_MS ms, exit 0; load $(cat "$OUT/load.json"); decision log $logged"
[ -d "$DATA/cwasm" ] || die "no compile cache on the volume"

step "restart on the same volume"
start_image
WARM_READY_MS=$READY_MS
WARM_LOAD_MS=$LOAD_MS
echo "ready again in $WARM_READY_MS ms, $WARM_LOAD_MS ms of it loading the engine module (from the compile cache on the volume)"
podman stop -t $((DRAIN_SECS + 20)) "$NAME" >/dev/null 2>>"$OUT/podman.log"

python3 - "$OUT/summary.json" <<PY
import json, sys
json.dump({"image_bytes": $IMAGE_BYTES, "static_binary_bytes": $BIN_BYTES, "musl_release_build_s": $((BUILD_MS / 1000)),
           "ready_ms": {"first_start": $COLD_READY_MS, "restart_with_compile_cache": $WARM_READY_MS},
           "module_load_ms": {"first_start": $COLD_LOAD_MS, "restart_with_compile_cache": $WARM_LOAD_MS},
           "load_average_1m": $(cut -d' ' -f1 /proc/loadavg),
           "sigterm_stop_ms": $STOP_MS, "corpus": $compared, "decision_log": $logged},
          open(sys.argv[1], "w"), indent=2)
PY
echo "container: image $((IMAGE_BYTES / 1000000)) MB, binary $((BIN_BYTES / 1000000)) MB, ready ${COLD_READY_MS} ms (${WARM_READY_MS} ms cached); every check passed"
