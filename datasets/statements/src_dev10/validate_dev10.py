#!/usr/bin/env python3
"""Check statements_dev10.jsonl and update_scenarios_dev10.jsonl (stdlib only).

Usage: python3 src/validate_dev10.py [--similar]
--similar prints the pairwise similarity report used for the rewording pass
(difflib ratio > 0.55, same two opening words, or 2+ shared word trigrams).
"""
import collections
import difflib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import scen_en  # noqa: E402
import scen_ru  # noqa: E402

CATEGORIES = ["first_person", "third_party", "mixed", "negated", "hypothetical", "question", "plan",
              "quoted", "chitchat", "past", "third_party_nonfact"]
EXPECTED = {"first_person": 40, "third_party": 13, "mixed": 13, "negated": 8, "hypothetical": 7,
            "question": 7, "plan": 8, "quoted": 6, "chitchat": 7, "past": 6, "third_party_nonfact": 5}
FACT_CATS = {"first_person", "third_party", "mixed"}
ATTRIBUTES = {
    "city", "employer", "job_title", "manager", "programming_language", "editor", "diet", "operating_system",
    "partner", "age", "car", "pet_dog", "pet_cat", "pet_parrot", "pet", "spouse", "phone", "team", "sport",
    "university", "hobby", "instrument", "name", "database", "favorite_band", "native_language", "birthday",
    "nationality", "degree", "favorite_food", "coffee_order", "learning_language", "browser",
}
DIETS = {"vegetarian", "vegan", "keto", "pescatarian", "gluten-free", "Mediterranean", "carnivore"}
NAMED = {"en": {"Maisie", "Dev", "Gethin", "Ayumi"}, "ru": {"Лёша", "Настя", "Вадим", "Ксюша"}}
ST_KEYS = ["id", "lang", "speaker", "text", "category", "facts", "split"]
SC_KEYS = ["id", "lang", "turns", "question", "asker", "current", "stale", "split"]

errors = []


def err(msg):
    errors.append(msg)


def load(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            try:
                rows.append(json.loads(line))
            except ValueError as e:
                err("%s:%d invalid JSON: %s" % (path, n, e))
    return rows


def check_statements(rows):
    ids = [r.get("id") for r in rows]
    for i, c in collections.Counter(ids).items():
        if c > 1:
            err("duplicate id %s" % i)
    counts = collections.Counter()
    speakers = collections.Counter()
    nofact = 0
    for r in rows:
        if list(r.keys()) != ST_KEYS:
            err("%s: keys %s" % (r.get("id"), list(r.keys())))
            continue
        lang, cat = r["lang"], r["category"]
        if not re.fullmatch(r"s10-%s-\d{3}" % lang, r["id"]):
            err("%s: bad id" % r["id"])
        if r["split"] != "dev10":
            err("%s: split" % r["id"])
        if cat not in EXPECTED:
            err("%s: category %s" % (r["id"], cat))
        counts[(lang, cat)] += 1
        if r["speaker"] != "user":
            if r["speaker"] not in NAMED[lang]:
                err("%s: unknown speaker %s" % (r["id"], r["speaker"]))
            speakers[(lang, r["speaker"])] += 1
        if not r["text"].strip():
            err("%s: empty text" % r["id"])
        facts = r["facts"]
        if not facts:
            nofact += 1
        subj = set()
        for fct in facts:
            if sorted(fct.keys()) != ["attribute", "subject", "value"]:
                err("%s: fact keys %s" % (r["id"], sorted(fct.keys())))
                continue
            for k in ("subject", "attribute", "value"):
                if not isinstance(fct[k], str) or not fct[k].strip():
                    err("%s: empty %s" % (r["id"], k))
            if fct["attribute"] not in ATTRIBUTES:
                err("%s: attribute %s" % (r["id"], fct["attribute"]))
            if fct["attribute"] == "diet" and fct["value"] not in DIETS:
                err("%s: diet value %s" % (r["id"], fct["value"]))
            if fct["attribute"] == "age" and not fct["value"].isdigit():
                err("%s: age %s" % (r["id"], fct["value"]))
            subj.add("speaker" if fct["subject"] == "speaker" else "other")
        if len({(f["subject"], f["attribute"], f["value"]) for f in facts}) != len(facts):
            err("%s: duplicate fact" % r["id"])
        if len(facts) > 4:
            err("%s: more than 4 facts" % r["id"])
        if cat in FACT_CATS and not facts:
            err("%s: %s without facts" % (r["id"], cat))
        if cat not in FACT_CATS and facts:
            err("%s: %s with facts" % (r["id"], cat))
        if cat == "first_person" and subj != {"speaker"}:
            err("%s: first_person with non-speaker facts" % r["id"])
        if cat == "third_party" and subj != {"other"}:
            err("%s: third_party with speaker facts" % r["id"])
        if cat == "mixed" and subj != {"speaker", "other"}:
            err("%s: mixed needs both" % r["id"])
    for lang in ("en", "ru"):
        for cat, n in EXPECTED.items():
            if counts[(lang, cat)] != n:
                err("count %s/%s = %d, expected %d" % (lang, cat, counts[(lang, cat)], n))
        for name in NAMED[lang]:
            if speakers[(lang, name)] != 6:
                err("speaker %s has %d lines" % (name, speakers[(lang, name)]))
    share = nofact / max(1, len(rows))
    if share < 0.40:
        err("no-fact share %.3f < 0.40" % share)
    return counts, nofact, speakers


def check_scenarios(rows):
    src = {"en": scen_en.ROWS, "ru": scen_ru.ROWS}
    ids = [r.get("id") for r in rows]
    for i, c in collections.Counter(ids).items():
        if c > 1:
            err("duplicate id %s" % i)
    tally = collections.Counter()
    for r in rows:
        if list(r.keys()) != SC_KEYS:
            err("%s: keys %s" % (r.get("id"), list(r.keys())))
            continue
        lang = r["lang"]
        m = re.fullmatch(r"d10-%s-(\d{3})" % lang, r["id"])
        if not m:
            err("%s: bad id" % r["id"])
            continue
        meta = src[lang][int(m.group(1)) - 1]
        kind = meta["kind"]
        tally[(lang, kind)] += 1
        if meta["about"] != "self":
            tally[(lang, "named_" + kind)] += 1
            if meta["about"][:-1] not in r["question"]:  # stem: «Костя» -> «Косте»
                err("%s: question does not name %s" % (r["id"], meta["about"]))
        tally[(lang, "turns%d" % len(r["turns"]))] += 1
        if r["split"] != "dev10" or r["asker"] != "user":
            err("%s: split/asker" % r["id"])
        turns = r["turns"]
        if not 2 <= len(turns) <= 3:
            err("%s: %d turns" % (r["id"], len(turns)))
        for t in turns:
            if sorted(t.keys()) != ["day", "speaker", "text"] or t["speaker"] != "user" \
                    or not isinstance(t["day"], int):
                err("%s: bad turn %s" % (r["id"], t))
        days = [t["day"] for t in turns]
        if days != sorted(days):
            err("%s: days not sorted" % r["id"])
        if not 0 <= days[0] <= 5:
            err("%s: first turn day %d" % (r["id"], days[0]))
        cur, stale = r["current"], r["stale"]
        if not stale:
            err("%s: empty stale" % r["id"])
        for v in [cur] + stale:
            if len(v) < 3:
                err("%s: value %r shorter than 3" % (r["id"], v))
        texts = [t["text"] for t in turns]
        if not any(cur in t for t in texts):
            err("%s: current %r not in any turn (case-sensitive)" % (r["id"], cur))
        for s in stale:
            if not any(s.lower() in t.lower() for t in texts):
                err("%s: stale %r not in any turn" % (r["id"], s))
            if s.lower() in cur.lower() or cur.lower() in s.lower():
                err("%s: stale %r and current %r overlap" % (r["id"], s, cur))
        q = r["question"].lower()
        for v in [cur] + stale:
            if v.lower() in q:
                err("%s: question names value %r" % (r["id"], v))
        if kind == "update":
            if cur in texts[0]:
                err("%s: update has current in first turn" % r["id"])
            if not any(s.lower() in texts[0].lower() for s in stale):
                err("%s: update first turn holds no stale value" % r["id"])
            first = next(t["day"] for t in turns if cur in t["text"])
            if not 10 <= first <= 35:
                err("%s: new value first on day %d" % (r["id"], first))
        else:
            if cur not in texts[0]:
                err("%s: control without current in first turn" % r["id"])
    for lang in ("en", "ru"):
        want = {"update": 20, "control": 5, "named_update": 5, "named_control": 1}
        for k, n in want.items():
            if tally[(lang, k)] != n:
                err("scenarios %s %s = %d, expected %d" % (lang, k, tally[(lang, k)], n))
    return tally


def words(s):
    return re.findall(r"\w+", s.lower())


def similar(st, sc):
    for lang in ("en", "ru"):
        items = [(r["id"], r["text"]) for r in st if r["lang"] == lang]
        for r in sc:
            if r["lang"] != lang:
                continue
            for i, t in enumerate(r["turns"]):
                items.append(("%s/t%d" % (r["id"], i + 1), t["text"]))
            items.append(("%s/q" % r["id"], r["question"]))
        tri = {}
        for k, t in items:
            w = words(t)
            tri[k] = {tuple(w[i:i + 3]) for i in range(len(w) - 2)}
        for a in range(len(items)):
            for b in range(a + 1, len(items)):
                (ka, ta), (kb, tb) = items[a], items[b]
                if ka.split("/")[0] == kb.split("/")[0]:
                    continue
                ratio = difflib.SequenceMatcher(None, ta.lower(), tb.lower()).ratio()
                wa, wb = words(ta), words(tb)
                opening = len(wa) > 1 and wa[:2] == wb[:2]
                shared = len(tri[ka] & tri[kb])
                if ratio > 0.55 or opening or shared >= 2:
                    print("%.2f open=%s tri=%d  %s | %s\n   %s\n   %s" % (ratio, opening, shared, ka, kb, ta, tb))


def main():
    st = load(os.path.join(OUT, "statements_dev10.jsonl"))
    sc = load(os.path.join(OUT, "update_scenarios_dev10.jsonl"))
    counts, nofact, speakers = check_statements(st)
    tally = check_scenarios(sc)
    if "--similar" in sys.argv:
        similar(st, sc)
    nfacts = collections.Counter()
    attrs = collections.Counter()
    for r in st:
        nfacts[r["lang"]] += len(r["facts"])
        for f in r["facts"]:
            attrs[f["attribute"]] += 1
    print("statements: %d (no-fact %d = %.1f%%), facts en %d ru %d" % (
        len(st), nofact, 100.0 * nofact / max(1, len(st)), nfacts["en"], nfacts["ru"]))
    print("named lines: %d" % sum(speakers.values()))
    print("attributes: " + ", ".join("%s %d" % kv for kv in attrs.most_common()))
    print("scenarios: %d  %s" % (len(sc), dict(sorted(tally.items()))))
    if errors:
        print("\n%d ERRORS" % len(errors))
        for e in errors:
            print("  " + e)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
