"""Check statements_dev7.jsonl and update_scenarios_dev7.jsonl. Standard library only.

python3 datasets/statements/src_dev7/validate_dev7.py [--similar]
Exits non-zero on any error. --similar also prints the most similar message pairs
(difflib ratio and shared word trigrams), the pass used to reword shared frames.
"""
import difflib
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
OUTDIR = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import scen_en  # noqa: E402
import scen_ru  # noqa: E402

ATTRIBUTES = {
    "city", "employer", "job_title", "manager", "programming_language", "editor", "diet",
    "operating_system", "partner", "age", "car", "pet_dog", "pet_cat", "spouse", "phone", "team",
    "sport", "university", "hobby", "instrument", "name", "database", "favorite_band",
    "native_language", "birthday", "nationality", "pet_parrot", "degree", "favorite_food",
}
FACT_CATS = {"first_person", "third_party", "mixed"}
NONFACT_CATS = {"negated", "hypothetical", "question", "plan", "quoted", "chitchat", "past",
                "third_party_nonfact"}
DIETS = {"vegetarian", "vegan", "keto", "pescatarian", "gluten-free", "Mediterranean"}
ST_FIELDS = ["id", "lang", "speaker", "text", "category", "facts", "split"]
SC_FIELDS = ["id", "lang", "turns", "question", "asker", "current", "stale", "split"]

errors = []


def err(msg):
    errors.append(msg)


def load(name):
    with open(os.path.join(OUTDIR, name), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def check_statements(rows):
    ids = Counter(r.get("id") for r in rows)
    for i, n in ids.items():
        if n > 1:
            err("duplicate statement id %s" % i)
    texts = Counter(r.get("text", "").strip().lower() for r in rows)
    for t, n in texts.items():
        if n > 1:
            err("duplicate statement text: %r" % t)
    for r in rows:
        rid = r.get("id")
        if list(r.keys()) != ST_FIELDS:
            err("%s: fields %s" % (rid, list(r.keys())))
            continue
        if not re.fullmatch(r"s7-(en|ru)-\d{3}", rid) or rid[3:5] != r["lang"]:
            err("%s: bad id/lang" % rid)
        if r["split"] != "dev7":
            err("%s: split %r" % (rid, r["split"]))
        if not r["text"].strip() or not r["speaker"].strip():
            err("%s: empty text or speaker" % rid)
        cat = r["category"]
        if cat not in FACT_CATS | NONFACT_CATS:
            err("%s: category %r" % (rid, cat))
        facts = r["facts"]
        subs = set()
        for f in facts:
            if list(f.keys()) != ["subject", "attribute", "value"]:
                err("%s: fact fields %s" % (rid, list(f.keys())))
                continue
            if f["attribute"] not in ATTRIBUTES:
                err("%s: attribute %r not in the list" % (rid, f["attribute"]))
            if not str(f["value"]).strip() or not f["subject"].strip():
                err("%s: empty subject/value" % rid)
            if f["attribute"] == "diet" and f["value"] not in DIETS:
                err("%s: diet %r is not an English diet word" % (rid, f["value"]))
            if f["attribute"] == "age" and not str(f["value"]).isdigit():
                err("%s: age %r not digits" % (rid, f["value"]))
            subs.add("speaker" if f["subject"] == "speaker" else "other")
        if len({(f["subject"], f["attribute"], f["value"]) for f in facts}) != len(facts):
            err("%s: duplicate fact" % rid)
        if cat in NONFACT_CATS and facts:
            err("%s: %s line must have no facts" % (rid, cat))
        if cat == "first_person" and subs != {"speaker"}:
            err("%s: first_person needs only speaker facts, got %s" % (rid, subs))
        if cat == "third_party" and subs != {"other"}:
            err("%s: third_party needs only non-speaker facts, got %s" % (rid, subs))
        if cat == "mixed" and subs != {"speaker", "other"}:
            err("%s: mixed needs both, got %s" % (rid, subs))
        if r["speaker"] != "user":
            for f in facts:
                if f["subject"] == "speaker" and f["attribute"] == "name" and f["value"] != r["speaker"]:
                    err("%s: name fact %r differs from speaker %r" % (rid, f["value"], r["speaker"]))
    for lang in ("en", "ru"):
        sub = [r for r in rows if r["lang"] == lang]
        nonfact = sum(1 for r in sub if not r["facts"])
        named = sum(1 for r in sub if r["speaker"] != "user")
        if len(sub) != 120:
            err("%s: %d statements, want 120" % (lang, len(sub)))
        if nonfact / len(sub) < 0.35:
            err("%s: non-fact share %.2f < 0.35" % (lang, nonfact / len(sub)))
        if not 0.15 <= named / len(sub) <= 0.25:
            err("%s: named-speaker share %.2f" % (lang, named / len(sub)))
    # a named speaker's single-valued attributes must agree across lines
    seen = {}
    for r in rows:
        if r["speaker"] == "user":
            continue
        for f in r["facts"]:
            if f["subject"] == "speaker" and f["attribute"] not in ("pet_cat", "pet_dog", "job_title"):
                key = (r["speaker"], f["attribute"])
                if key in seen and seen[key] != f["value"]:
                    err("%s: %s %s=%r contradicts %r" % (r["id"], r["speaker"], f["attribute"],
                                                        f["value"], seen[key]))
                seen.setdefault(key, f["value"])


def check_scenarios(rows):
    ids = Counter(r.get("id") for r in rows)
    for i, n in ids.items():
        if n > 1:
            err("duplicate scenario id %s" % i)
    kinds = {}
    for lang, mod in (("en", scen_en), ("ru", scen_ru)):
        for i, row in enumerate(mod.ROWS, 1):
            kinds["d7-%s-%03d" % (lang, i)] = (row["kind"], row["about"])
    for r in rows:
        rid = r.get("id")
        if list(r.keys()) != SC_FIELDS:
            err("%s: fields %s" % (rid, list(r.keys())))
            continue
        if not re.fullmatch(r"d7-(en|ru)-\d{3}", rid) or rid[3:5] != r["lang"]:
            err("%s: bad id/lang" % rid)
        if r["split"] != "dev7" or r["asker"] != "user":
            err("%s: split/asker" % rid)
        turns = r["turns"]
        if not 2 <= len(turns) <= 5:
            err("%s: %d turns (want 2 + 0..3 distractors)" % (rid, len(turns)))
        days = [t["day"] for t in turns]
        if days != sorted(days):
            err("%s: days not in order" % rid)
        if not 0 <= days[0] <= 5:
            err("%s: first day %d not in 0..5" % (rid, days[0]))
        for t in turns:
            if list(t.keys()) != ["speaker", "text", "day"] or t["speaker"] != "user":
                err("%s: bad turn %s" % (rid, t))
        cur, stale = r["current"], r["stale"]
        if not r["question"].strip() or not stale:
            err("%s: empty question or stale" % rid)
        for v in [cur] + stale:
            if len(v) < 3:
                err("%s: value %r shorter than 3" % (rid, v))
        for s in stale:
            if s.lower() in cur.lower() or cur.lower() in s.lower():
                err("%s: stale %r and current %r overlap" % (rid, s, cur))
            if not any(s in t["text"] for t in turns):
                err("%s: stale %r occurs in no turn" % (rid, s))
        kind = kinds[rid][0]
        hits = [t["day"] for t in turns if cur in t["text"]]
        if not hits:
            err("%s: current %r occurs in no turn" % (rid, cur))
        elif kind == "update":
            if cur in turns[0]["text"]:
                err("%s: update, but current %r is in the first turn" % (rid, cur))
            if not 10 <= hits[0] <= 35:
                err("%s: new value first on day %d" % (rid, hits[0]))
            if not any(s in turns[0]["text"] for s in stale):
                err("%s: update, but no stale value in the first turn" % rid)
        elif kind == "control":
            if cur not in turns[0]["text"]:
                err("%s: control, but current %r not in the first turn" % (rid, cur))
        else:
            err("%s: kind %r" % (rid, kind))
    for lang in ("en", "ru"):
        sub = [r for r in rows if r["lang"] == lang]
        ctrl = sum(1 for r in sub if kinds[r["id"]][0] == "control")
        named = sum(1 for r in sub if kinds[r["id"]][1])
        if len(sub) != 25:
            err("%s: %d scenarios, want 25" % (lang, len(sub)))
        if not 4 <= ctrl <= 6:
            err("%s: %d controls (want ~20%%)" % (lang, ctrl))
        if not 5 <= named <= 8:
            err("%s: %d about a named person (want ~25%%)" % (lang, named))
    return kinds


def words(s):
    return re.findall(r"\w+", s.lower())


def similar(stmts, scens):
    texts = [(r["id"], r["text"]) for r in stmts]
    for r in scens:
        for k, t in enumerate(r["turns"]):
            texts.append(("%s/t%d" % (r["id"], k), t["text"]))
        texts.append(("%s/q" % r["id"], r["question"]))
    tri = {}
    for rid, t in texts:
        w = words(t)
        tri[rid] = {tuple(w[i:i + 3]) for i in range(len(w) - 2)}
    pairs = []
    for i in range(len(texts)):
        for j in range(i + 1, len(texts)):
            a, b = texts[i], texts[j]
            ratio = difflib.SequenceMatcher(None, a[1].lower(), b[1].lower()).ratio()
            shared = tri[a[0]] & tri[b[0]]
            same_open = words(a[1])[:2] == words(b[1])[:2]
            if ratio > 0.55 or len(shared) >= 2 or same_open:
                pairs.append((ratio, len(shared), same_open, a, b))
    pairs.sort(key=lambda p: (-p[1], -p[0]))
    for ratio, n, so, a, b in pairs:
        print("%.2f tri=%d open=%s\n  %s: %s\n  %s: %s" % (ratio, n, so, a[0], a[1], b[0], b[1]))
    print("%d similar pairs" % len(pairs))


def main():
    stmts = load("statements_dev7.jsonl")
    scens = load("update_scenarios_dev7.jsonl")
    check_statements(stmts)
    check_scenarios(scens)
    if "--similar" in sys.argv:
        similar(stmts, scens)
    nonfact = sum(1 for r in stmts if not r["facts"])
    nfacts = sum(len(r["facts"]) for r in stmts)
    print("statements: %d (non-fact %d = %.1f%%, %d facts); scenarios: %d"
          % (len(stmts), nonfact, 100.0 * nonfact / len(stmts), nfacts, len(scens)))
    if errors:
        print("\n".join(errors))
        print("%d errors" % len(errors))
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
