#!/usr/bin/env bash
# The Kubernetes manifests (deploy/kubernetes/), called by scripts/test.sh:
#   - strict schema validation (an unknown or misspelt field fails) against every Kubernetes
#     version from 1.30 (the first with the preStop sleep action on by default) to the newest the
#     validator carries, with kubernetes-validate from PyPI (its schemas ship in the package: no
#     download at run time);
#   - the Deployment runs the image as CI checked it (scripts/container-test.sh, Dockerfile):
#     scripts/check_kubernetes.py.
# Installs kubernetes-validate under target/tools when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

VALIDATOR_VERSION=1.37.0
VERSIONS="1.30.0 1.31.0 1.32.0 1.33.0 1.34.0 1.35.0 1.36.0 1.37.0"
tools=$PWD/target/tools/kubernetes-validate-$VALIDATOR_VERSION
if [ ! -d "$tools/kubernetes_validate" ]; then
  echo "installing kubernetes-validate $VALIDATOR_VERSION (PyPI) for the manifests' schema check"
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --target "$tools.tmp" \
    "kubernetes-validate==$VALIDATOR_VERSION"
  rm -rf "$tools"
  mv "$tools.tmp" "$tools"
fi
export PYTHONPATH=$tools

# The Kustomization is kustomize's own kind, not an API resource: no schema to check it against.
manifests=()
for file in deploy/kubernetes/*.yaml; do
  [ "$file" = deploy/kubernetes/kustomization.yaml ] || manifests+=("$file")
done
for version in $VERSIONS; do
  python3 -m kubernetes_validate --strict --quiet -k "$version" "${manifests[@]}" \
    || { echo "deploy/kubernetes/ does not validate against Kubernetes $version" >&2; exit 1; }
done
echo "deploy/kubernetes/: strict schema validation passed for Kubernetes ${VERSIONS// /, }"
python3 scripts/check_kubernetes.py Dockerfile deploy/kubernetes
