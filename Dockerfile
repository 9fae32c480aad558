# Lookback as a container: one static binary (x86_64-unknown-linux-musl, the engine module
# embedded) in an image FROM scratch: no shell, no package manager, run as user 10001, with
# /var/lib/lookback the only path it writes (run it with a read-only root filesystem).
# Build from the repository root:
#   docker build -t lookback .                       # compiles in the Rust stage below
#   docker build --target prebuilt -t lookback .     # a binary built outside, from dist/ (below)
# scripts/container-test.sh builds the `prebuilt` target with buildah from the binary the test
# run built, runs it with podman and checks it from outside (CI, every run).
# Replicas share a registry on PostgreSQL: see docs/operations.md and deploy/kubernetes/.

FROM rust:1.95-bookworm AS build
WORKDIR /src
# The engine module is compiled for wasm32 by runtime/build.rs and embedded in the binary;
# musl links the binary statically, so the final stage needs no C library. musl-tools: the C
# compiler for musl (x86_64-linux-musl-gcc) that the crates with C code (ring) build with.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends musl-tools \
 && rm -rf /var/lib/apt/lists/* \
 && rustup target add wasm32-unknown-unknown x86_64-unknown-linux-musl
COPY . .
RUN cargo build --release --locked -p lookback --bin lookback --target x86_64-unknown-linux-musl \
 && install -D target/x86_64-unknown-linux-musl/release/lookback /out/lookback \
 && install -D -m 0644 /etc/ssl/certs/ca-certificates.crt /out/ca-certificates.crt

# What every final image holds besides the binary: the user, the writable folder, the settings.
FROM scratch AS base
# The user by name for tools that look it up (ps, id in a debug container); nologin: no shell.
COPY deploy/container/passwd deploy/container/group /etc/
# /var and /var/lib are created as root first, so that only /var/lib/lookback belongs to the
# user: a WORKDIR made under USER is owned by that user, with every parent it creates.
WORKDIR /var/lib
USER 10001:10001
WORKDIR /var/lib/lookback
# The local cache (module bytes admitted from the registry, compiled artifacts): a restart or a
# database outage never blocks serving while it holds an earlier sync. Mount a volume here.
ENV LOOKBACK_ADDR=0.0.0.0:8080 \
    LOOKBACK_MODULES_DIR=/var/lib/lookback/modules \
    LOOKBACK_COMPILE_CACHE=/var/lib/lookback/cwasm \
    LOOKBACK_LOG_FORMAT=json
# mimalloc commits each arena it reserves up front by default: under load that held 210-370 MiB
# resident; committed as used, 80-100 MiB at the same throughput (docs/operations.md).
ENV MIMALLOC_ARENA_EAGER_COMMIT=0
EXPOSE 8080
# No curl in the image: the binary asks the server's /health itself (LOOKBACK_ADDR, on loopback)
# and exits 0 while it serves (healthy or degraded).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["/usr/local/bin/lookback", "health"]
# SIGTERM: the server stops accepting, finishes in-flight requests (LOOKBACK_DRAIN_SECS), writes
# out the decision log, then exits 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/lookback"]
CMD ["serve"]

# A static binary built outside the image: the context's dist/ holds it (`lookback`, built with
# `cargo build --release -p lookback --target x86_64-unknown-linux-musl`) and the CA bundle
# (`ca-certificates.crt`, Debian's /etc/ssl/certs/ca-certificates.crt). No base image is pulled.
# The CA bundle goes where TLS clients read it by default: the server makes no TLS connection
# today (PostgreSQL is reached without TLS), so the day one is made needs no new base.
FROM base AS prebuilt
COPY dist/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY dist/lookback /usr/local/bin/lookback

# The default: the binary compiled in the Rust stage.
FROM base AS image
COPY --from=build /out/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY --from=build /out/lookback /usr/local/bin/lookback
