# Lookback as a container: the release binary with the engine module embedded, run as a non-root
# user. Build from the repository root: docker build -t lookback .
# Replicas share a registry on PostgreSQL: see docs/operations.md and deploy/kubernetes/.

FROM rust:1.95-bookworm AS build
WORKDIR /src
# The engine module is compiled for wasm32 by runtime/build.rs and embedded in the binary.
RUN rustup target add wasm32-unknown-unknown
COPY . .
RUN cargo build --release --locked -p lookback \
 && install -D target/release/lookback /out/lookback

FROM debian:bookworm-slim
# curl only for HEALTHCHECK.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --user-group --home-dir /var/lib/lookback --create-home lookback
COPY --from=build /out/lookback /usr/local/bin/lookback
USER 10001:10001
# The local cache (module bytes admitted from the registry, compiled artifacts): a restart or a
# database outage never blocks serving while it holds an earlier sync.
ENV LOOKBACK_ADDR=0.0.0.0:8080 \
    LOOKBACK_MODULES_DIR=/var/lib/lookback/modules \
    LOOKBACK_COMPILE_CACHE=/var/lib/lookback/cwasm \
    LOOKBACK_LOG_FORMAT=json
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD curl -fsS http://127.0.0.1:8080/health >/dev/null || exit 1
# SIGTERM: the server stops accepting, finishes in-flight requests, then exits.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/lookback"]
CMD ["serve"]
