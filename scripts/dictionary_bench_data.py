#!/usr/bin/env python3
"""Writes the charge dictionary's benchmark inputs into OUT_DIR (scripts/bench.sh):

- requests-10000.ndjson: 10,000 `/evaluate` bodies, the corpus's decided JSON requests (those
  without a client overlay) and the dictionary corpus's misread-minor-violations request in turn,
  each under `request` with its `now` and its own search id;
- dictionary-100.json, dictionary-2000.json: valid dictionaries of that many entries, the
  dictionary corpus case's two entries first (they read that request's charges), the rest charge
  texts, statutes and disposition strings no record has (the cost of a dictionary that reads
  nothing is what most records pay).

Usage: dictionary_bench_data.py OUT_DIR
"""

import glob
import json
import os
import sys

ROOT = os.path.join(os.path.dirname(__file__), "..")


def bodies():
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "tests/corpus/*.json"))):
        case = json.load(open(path))
        request = case.get("request")
        if not request or case.get("client_rules") or case.get("expect", {}).get("status") != 200:
            continue
        out.append((case.get("now", "2025-11-06T15:04:05Z"), request))
    case = json.load(open(os.path.join(ROOT, "tests/corpus-dictionary/misread-minor-violations-read-minor.json")))
    out.append((case["now"], case["request"]))
    return out, case["charge_dictionary"]


def dictionary(first, count):
    entries = list(first["entries"])
    for i in range(count - len(entries)):
        entry = {"id": f"generated-{i}", "added_by": "bench", "reason": "generated"}
        kind = i % 3
        if kind == 0:
            entry.update(charge=f"GENERATED CHARGE TEXT {i}", traffic="minor")
        elif kind == 1:
            entry.update(statute=f"{100 + i}.{i % 97}", jurisdiction="TX", level="misdemeanor")
        else:
            entry.update(disposition=f"GENERATED DISPOSITION {i}", disposition_class="conviction")
        entries.append(entry)
    return {"tenant_id": first["tenant_id"], "entries": entries}


def main(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    requests, first = bodies()
    with open(os.path.join(out_dir, "requests-10000.ndjson"), "w") as out:
        for n in range(10_000):
            now, request = requests[n % len(requests)]
            request = json.loads(json.dumps(request))
            request["record"]["search_id"] = f"S-BENCH-{n}"
            out.write(json.dumps({"now": now, "request": request}) + "\n")
    for count in (100, 2000):
        with open(os.path.join(out_dir, f"dictionary-{count}.json"), "w") as out:
            json.dump(dictionary(first, count), out)


if __name__ == "__main__":
    main(sys.argv[1])
