#!/usr/bin/env python3
"""Validates simhadr -json output against docs/simhadr-result.schema.json.

  validate.py SCHEMA FILE     FILE holds one document, or one per line (a -loop standby)
Prints "valid N" and exits 0, or prints the first error and exits 1.

Beyond the schema, each document must keep the invariants of
tools/simhadr_invariants.py (docs/json-schema.md, "Invariants"), but for the
violations tests/invariants/pending.txt lists as known and not yet mended.
"""
import json
import os
import sys

import jsonschema

SOURCE = os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(SOURCE, "tools"))
import simhadr_invariants  # noqa: E402


def main():
    schema_path, instance_path = sys.argv[1:3]
    with open(schema_path) as f:
        schema = json.load(f)
    validator = jsonschema.Draft202012Validator(schema)
    docs = simhadr_invariants.documents(instance_path)
    pending = simhadr_invariants.read_pending(os.path.join(SOURCE, "tests", "invariants",
                                                           "pending.txt"))
    for number, doc in enumerate(docs, 1):
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        if errors:
            error = errors[0]
            where = "/".join(str(p) for p in error.absolute_path)
            print(f"document {number}: {where}: {error.message}")
            sys.exit(1)
        for violation in simhadr_invariants.check(doc):
            if not simhadr_invariants.is_pending(str(violation), pending):
                print(f"document {number}: {violation}")
                sys.exit(1)
    print(f"valid {len(docs)}")


if __name__ == "__main__":
    main()
