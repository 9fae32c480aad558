#!/usr/bin/env python3
"""The Deployment runs the image as CI checked it (scripts/container-test.sh): the image's user,
a read-only root with the image's one writable folder mounted, no privilege escalation, every
capability dropped, and probes that run `lookback health` (the image's HEALTHCHECK) on the
internal listener the Deployment configures. The image has nothing else to exec: any exec in the
manifest must be the binary.

  check_kubernetes.py DOCKERFILE MANIFEST_DIR

Needs PyYAML (scripts/check-kubernetes.sh installs it with kubernetes-validate). Exits 1 with
every mismatch.
"""

import glob
import json
import os
import re
import sys

import yaml

BINARY = "/usr/local/bin/lookback"


def image_facts(dockerfile):
    """USER, the last WORKDIR and the HEALTHCHECK command of the Dockerfile's `base` stage."""
    text = re.sub(r"\\\n", " ", open(dockerfile).read())
    stage, facts = None, {}
    for line in text.splitlines():
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if words[0] == "FROM":
            stage = words[-1] if "AS" in words else None
        elif stage == "base" and words[0] in ("USER", "WORKDIR"):
            facts[words[0]] = words[1]
        elif stage == "base" and words[0] == "HEALTHCHECK":
            facts["HEALTHCHECK"] = json.loads(line.split(" CMD ", 1)[1])
    return facts


def deployment(manifest_dir):
    for path in sorted(glob.glob(os.path.join(manifest_dir, "*.yaml"))):
        for doc in yaml.safe_load_all(open(path)):
            if doc and doc.get("kind") == "Deployment":
                return doc
    return None


def check(dockerfile, manifest_dir):
    image = image_facts(dockerfile)
    problems = []
    for key in ("USER", "WORKDIR", "HEALTHCHECK"):
        if key not in image:
            problems.append(f"{dockerfile}: no {key} in the base stage")
    if problems:
        return problems
    uid, gid = (int(x) for x in image["USER"].split(":"))
    writable = image["WORKDIR"]
    probe_program = image["HEALTHCHECK"][:2]
    if probe_program != [BINARY, "health"]:
        problems.append(f"the image's HEALTHCHECK is {image['HEALTHCHECK']}, not `{BINARY} health`")

    d = deployment(manifest_dir)
    if d is None:
        return problems + [f"no Deployment in {manifest_dir}"]
    pod = d["spec"]["template"]["spec"]
    pod_sc = pod.get("securityContext", {})
    for key, want in (("runAsUser", uid), ("runAsGroup", gid), ("runAsNonRoot", True)):
        if pod_sc.get(key) != want:
            problems.append(f"pod securityContext.{key} is {pod_sc.get(key)!r}, the image runs as {want!r}")
    volumes = {v["name"]: v for v in pod.get("volumes", [])}
    for c in pod["containers"]:
        name = c["name"]
        sc = c.get("securityContext", {})
        for key, want in (("readOnlyRootFilesystem", True), ("allowPrivilegeEscalation", False)):
            if sc.get(key) is not want:
                problems.append(f"{name}: securityContext.{key} is {sc.get(key)!r}, CI ran it {want!r}")
        if sc.get("capabilities", {}).get("drop") != ["ALL"]:
            problems.append(f"{name}: capabilities are not all dropped")
        mounts = [m["mountPath"] for m in c.get("volumeMounts", [])]
        if mounts != [writable]:
            problems.append(f"{name}: writable mounts {mounts}; the image writes {writable} only")
        for m in c.get("volumeMounts", []):
            if m["name"] not in volumes:
                problems.append(f"{name}: mount {m['name']} has no volume")
        env = {e["name"]: e.get("value") for e in c.get("env", [])}
        internal = env.get("LOOKBACK_METRICS_ADDR")
        if not internal:
            problems.append(f"{name}: no LOOKBACK_METRICS_ADDR: the probes have no internal listener")
        port = internal.rsplit(":", 1)[1] if internal else None
        for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
            command = (c.get(probe) or {}).get("exec", {}).get("command")
            if not command or command[:2] != probe_program:
                problems.append(f"{name}: {probe} does not exec `{' '.join(probe_program)}`")
                continue
            addr = command[command.index("--addr") + 1] if "--addr" in command else None
            if addr != f"127.0.0.1:{port}":
                problems.append(f"{name}: {probe} asks {addr}, the internal listener is 127.0.0.1:{port}")
        for hook, action in (c.get("lifecycle") or {}).items():
            command = (action.get("exec") or {}).get("command")
            if command and command[0] != BINARY:
                problems.append(f"{name}: {hook} execs {command[0]}, which the image does not have")
    return problems


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    found = check(sys.argv[1], sys.argv[2])
    for p in found:
        print(f"deploy/kubernetes: {p}", file=sys.stderr)
    if found:
        sys.exit(1)
    print("deploy/kubernetes: the Deployment runs the image as CI checked it (user, read-only root, "
          "the one writable folder, capabilities, lookback health probes)")
