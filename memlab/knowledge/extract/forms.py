"""Form-like messages: "Name: Priya Role: data analyst Team: Growth Based: Reading", "Boyfriend:
Jonah. Cat: none.", «Имя: Ильдар. Возраст: 34. Город: Казань». A message counts as a form when it
holds two or more "Label:" fields and one of them is a label this reader knows. Each known field
gives the speaker's fact of its attribute. The value is typed by its shape: an age is a number, a
town must be a town (GeoNames in English, the dictionary in Russian), a name is capitalised, a
tool is the gazetteer's. A value that is "none", "-", "n/a" or a question gives nothing, and so
does a field whose value runs past the next label.

This reads the text, not the parse: a form has no sentences, and the parsers cut it anywhere.
"""

from __future__ import annotations

import re

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import _TOOL_INDEX, SPEAKER, Extracted, job_head
from memlab.knowledge.extract.nlp import is_city_name, is_place_name
from memlab.lang import wordlists as wl

_LABELS = wl.all_table("labels")
# a "Label:" field: one or two words that open the message or follow a break
_FIELD = re.compile(r"(?:^|(?<=[\n.;|,!]\s)|(?<=[\n.;|,!])|(?<=\s))([A-Za-zА-ЯЁа-яё][A-Za-zА-ЯЁа-яё]*(?: [a-zа-яё]+)?):[ \t]+")
_AD_LABELS = wl.all_words("ad_labels")
_AD_WORDS = re.compile(r"\b(?:job ad|advert|vacancy|vacancies|we're hiring|hiring|listing|template|example|e\.g\.|"
                       r"вакансия|вакансию|ищем|требуется|объявлени\w*|шаблон|пример)\b", re.IGNORECASE)
# a signature: "--" (or an em dash) then parts set off by "|", to the end of the message
_SIGNATURE = re.compile(r"(?:^|\s)(?:--|—)\s*([^|\n]+(?:\|[^|\n]+)+)\s*$")
_OTHERS = wl.all_words("forms_others")
_NOTHING = wl.all_words("nothing")
_AGE = re.compile(r"^(\d{1,2})(?:\s*(?:y/?o|years(?: old)?|лет|год|года))?$")


def form_facts(text: str, lang: str) -> list[Extracted]:
    """The speaker's facts a form-like message gives (see the module's docstring)."""
    fields = [m for m in _FIELD.finditer(text) if _is_label(m.group(1), text, m.start())]
    if len(fields) < 2 or not any(_LABELS.get(m.group(1).casefold()) for m in fields):
        return []
    if any(m.group(1).casefold() in _AD_LABELS for m in fields) or _AD_WORDS.search(text):
        return []  # a job ad, a listing or a template someone else wrote: nobody's facts
    out: list[Extracted] = []
    for k, m in enumerate(fields):
        attribute = _LABELS.get(m.group(1).casefold())
        end = fields[k + 1].start() if k + 1 < len(fields) else len(text)
        raw = text[m.end() : end]
        value = re.sub(r"\s*\([^)]*\)", "", raw).strip().rstrip(".;,|!").strip()
        if attribute is None or not value or "?" in raw or value.casefold() in _NOTHING or len(value.split()) > 6:
            continue
        if any(w.casefold().strip(",.!") in lx.FIRST_PERSON | _OTHERS for w in value.split()):
            continue  # "Team: we lost 3-1": a sentence after the colon, not a value
        out += _typed(attribute, value, lang, text)
    return out


def signature_facts(text: str) -> list[Extracted]:
    """An e-mail signature at the end of the message, its parts set off by "|":
    "-- Backend Engineer | Payments squad | Octopus Energy" gives the title, the team and the
    employer (the last part, a capitalised name). Two parts at least, one of them a job title."""
    m = _SIGNATURE.search(text)
    if m is None:
        return []
    parts = [p.strip() for p in m.group(1).split("|") if p.strip()]
    if not 2 <= len(parts) <= 5 or any(len(p.split()) > 5 or "?" in p for p in parts):
        return []
    out: list[Extracted] = []
    for k, part in enumerate(parts):
        words = part.split()
        of_title = len(words) > 2 and words[0].casefold() in lx.OF_TITLES and words[1] == "of"  # "Head of Data"
        if job_head(words[-1].casefold()) or of_title:
            out.append(Extracted(SPEAKER, "job_title", part, "concept", text))
        elif words[-1].casefold() in ("squad", "team", "tribe", "guild") and len(words) > 1:
            out.append(Extracted(SPEAKER, "team", " ".join(words[:-1]), "concept", text))
        elif k == len(parts) - 1 and all(w[:1].isupper() or w in ("&", "of") for w in words):
            out.append(Extracted(SPEAKER, "employer", part, "organization", text))
    return out if any(f.attribute == "job_title" for f in out) else []


def _is_label(label: str, text: str, start: int) -> bool:
    """A label opens the message or a line, or follows a break ("… Role: …"), and is no clock
    time or URL scheme ("10:30", "https:")."""
    return label.casefold() not in ("http", "https") and (start == 0 or label[:1].isupper() or text[start - 1] in "\n.;|")


def _typed(attribute: str, value: str, lang: str, text: str) -> list[Extracted]:
    def fact(attr: str, val: str, vtype: str) -> Extracted:
        return Extracted(SPEAKER, attr, val, vtype, text)

    if attribute == "age":
        m = _AGE.match(value.casefold())
        return [fact("age", m.group(1), "concept")] if m and 14 <= int(m.group(1)) <= 99 else []
    if attribute == "job":
        title, _, rest = value.partition(",")
        words = title.split()
        out = []
        if words and job_head(words[-1].casefold()) and not title[:1].isdigit():
            out.append(fact("job_title", title.strip(), "concept"))
        elif title[:1].isupper() and len(words) <= 3:
            return [fact("employer", title.strip(), "organization")]  # "Работа: Сбер"
        org = re.match(r"\s*((?:[A-ZА-ЯЁ][\w&'-]*\s?){1,3})", rest)
        if out and org:  # "shift lead, Amazon fulfilment centre"
            out.append(fact("employer", org.group(1).strip(), "organization"))
        return out
    if attribute in ("name", "partner", "spouse", "manager", "pet_cat", "pet_dog"):
        words = value.split()
        if not (1 <= len(words) <= 3 and all(w[:1].isupper() for w in words)):
            return []
        vtype = "concept" if attribute.startswith("pet_") else "person"
        return [fact(attribute, value, vtype)]
    if attribute == "city":
        town = value.split(",")[0].strip()
        known = is_place_name(town) if lang == "ru" else is_city_name(town)
        town = lx.CITY_ALIASES.get(town.casefold(), town)
        return [fact("city", town, "place")] if known else []
    if attribute in ("editor", "operating_system", "programming_language", "phone"):
        found = _TOOL_INDEX.get(value.casefold())
        return [fact(found[0], found[1], "tool")] if found and found[0] == attribute else []
    if attribute == "diet":
        diet = lx.DIET_OF.get(value.casefold())
        return [fact("diet", diet, "concept")] if diet else []
    if attribute in ("employer", "team", "university"):
        if len(value.split()) > 4:
            return []
        return [fact(attribute, value, "organization" if attribute != "team" else "concept")]
    return []

