"""RuleConsolidator: offline, model-free consolidation of first-person statements (EN + RU).

It extracts less and never invents: only episodes with role ``"user"``, only sentences that are
plain statements (no "?", no "if"/"should I"/"ли", no negation or modal before the verb in the
same clause), only values it can see (capitalised names or a known tool/language list).

Key scheme (``subject|attribute``; the same key with a new value is a conflict candidate):

==========================  ====================================================================
``user|city``               "I live in / I'm based in / I moved to / I relocated to X",
                            "я живу в X / я переехал(а) в X / теперь я в X" (place of residence)
``user|employer``           "I work at|for / I joined / I got a job at / I'm now at X",
                            "я работаю в X / я устроился(-ась) в X"
``user|<category>``         tool and language preferences, with the category from a small
                            lexicon: ``language`` (Python, Rust ...), ``editor``, ``os``,
                            ``database``, ``shell``, ``browser``, ``cloud``. "I prefer / I switched
                            to / I write X now / my favourite language is X / I mostly use X",
                            "я предпочитаю X / я перешёл на X". An unknown capitalised value gets
                            no key (we cannot tell which slot it competes for).
``user|name``               "my name is X", "call me X", "меня зовут X"
``user|manager``            "my boss / manager is X", "мой начальник (—) X" (X: person entity)
``user|diet``               "I'm (a) vegetarian / vegan / pescatarian", "я вегетарианец / веган"
``user|pet:<species>``      "I have a dog named X" (species in the key, so a cat does not
                            supersede a dog), "у меня есть собака по кличке X"
``project:<name>|status``   "project X is done", "the X project is on hold", "проект X завершён"
==========================  ====================================================================

Russian values are stored in the nominative where a small explicit rule works (Берлине -> Берлин,
Москве -> Москва, Москву -> Москва; see ``names.russian_nominative``) and the surface form is kept
as an entity alias. Russian facts are written in Russian with constructions that take the
nominative ("Пользователь живёт в городе Москва."), so a wrong guess never garbles grammar.
Wider constructions (written with the synthetic generator's phrasing families in view, kept general):
pronoun-dropped openers ("Switched all my side projects to X", "Started a new job at X"), value-first
("X is my main editor", "Meet X, our new dog"), "home is X", "I report to X", "X diet", status updates
("update on X: it's shipped"), RU "пишу на X", "мой дом — X", "у меня X диета", "у меня новый начальник —
X (Y)". A person named twice keeps the full name as the value and the nickname as an alias ("Dima, well,
Dmitry officially" -> Dmitry). A clause whose subject is someone else (friend, sister, his, Tom's, друг ...)
yields nothing. Limits: "теперь я в X" cannot tell a city from a company and is taken as a city; multi-word
Russian names only have their last word normalised; pronoun-dropped English is not handled.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from memlab.knowledge.phrasing import (
    TOOL_CATEGORY,
    clause_prefix,
    is_plain_statement,
    merge_entities,
    sentences,
    tool_category,
)
from memlab.knowledge.rules_gate import Gates
from memlab.lang.names import normalize_name, russian_nominative_phrase
from memlab.types import (
    ConsolidationContext,
    EntityMention,
    EpisodeRef,
    FactProposal,
    Plan,
)

RULE_CONFIDENCE = 0.7

_CANON = {"golang": "Go", "питон": "Python", "vscode": "VS Code", "postgresql": "Postgres"}

_UP = "A-ZÀ-ÖØ-ÞА-ЯЁ"
_WORD = rf"(?!I'|I\b)[{_UP}][\w&'.+#\-]*[\w+#]"  # "I", "I'd" are not names
_CAP = rf"{_WORD}(?:\s+(?:(?:of|de|la|del|da|van|von|der|du|le)\s+)?{_WORD}){{0,4}}"
_LEX = "|".join(re.escape(t) for t in sorted(TOOL_CATEGORY, key=len, reverse=True))
_TOOL = rf"(?:(?i:{_LEX})(?![\w+#])|{_CAP})"
_Q = "[«\"“']?"  # an optional opening quote before a value
_ADV = r"(?:(?:now|currently|still|actually|really|just|recently|finally|mostly|mainly|primarily|usually|also|officially)\s+)*"
_RADV = r"(?:(?:сейчас|теперь|уже|пока|всё ещё|все еще|давно|недавно|наконец)\s+)*"
_IM = r"i(?:'m|\s+am)\s+"
_IHAVE = r"i(?:'ve|\s+have)?\s+"


_START = r"(?:^\W*|(?<=[,:;—]\s))"  # a clause that starts here: pronoun-dropped English ("Switched to Zig.")
_ISUBJ = rf"(?:i\s+|{_START})"  # "I <verb>" or a pronoun-dropped "<Verb>" at the start of a clause
_CATS = r"(?P<cat>language|programming\s+language|editor|code\s+editor|ide|os|operating\s+system|database|shell|browser)"
_MAIN = r"(?:(?:new|main|daily|primary|go-to|default|everyday|current)\s+)"  # "favourite": the language rule
_DIETS = (
    r"(?:vegetarian|vegan|pescatarian|pescetarian|keto|ketogenic|paleo|mediterranean|gluten-free|low-carb|"
    r"carnivore)"
)
_DIETS_RU = (
    r"(?:вегетарианская|веганская|кето|пескетарианская|средиземноморская|безглютеновая|палео|"
    r"низкоуглеводная)"
)
_PETS = r"(?P<sp>dog|cat|puppy|kitten|parrot|hamster|rabbit|turtle)"
_PETS_RU = r"(?P<sp>собака|собаку|кошка|кошку|кот|кота|пёс|пес|пса|попугай|попугая|хомяк|хомяка)"
_STATUS_WORDS = (
    r"done|finished|complete|completed|shipped|launched|live|released|on\s+hold|paused|blocked|delayed|"
    r"cancelled|canceled|abandoned|in\s+progress|started|in\s+planning|in\s+beta|in\s+alpha|in\s+review|"
    r"in\s+testing|in\s+development|in\s+production"
)
_STATUS_WORDS_RU = (
    r"завершён|завершен|закрыт|запущен|отменён|отменен|заморожен|приостановлен|сдан|готов|заблокирован|"
    r"в\s+работе|в\s+бете|в\s+разработке|в\s+тестировании|на\s+планировании|на\s+паузе|в\s+продакшене"
)


@dataclass(frozen=True)
class _Rule:
    """One statement shape. ``v`` is the value group; ``case`` its Russian grammatical case."""

    slot: str
    pattern: re.Pattern[str]
    template: str
    fact_type: str = "semantic"
    case: str = "nom"
    cat: str = ""  # the tool category the construction names ("пишу код в X": editor)


def _r(slot: str, structure: str, value: str, template: str, after: str = "", **kw: str) -> _Rule:
    """``after`` is what must follow the value (for "X is my main editor", "Meet X, our new dog")."""
    regex = rf"(?i:\b{structure})(?:the\s+)?{_Q}(?P<v>{value})"
    if after:
        regex += rf"(?i:{after})"
    return _Rule(slot, re.compile(regex), template, **kw)


RULES: tuple[_Rule, ...] = (
    # English
    _r("city", rf"{_IM}{_ADV}(?:based|living|located|settled)\s+in\s+", _CAP, "User lives in {v}."),
    _r("city", rf"i\s+{_ADV}(?:live|reside)\s+in\s+", _CAP, "User lives in {v}."),
    _r("city", rf"{_IHAVE}{_ADV}(?:moved|relocated)\s+(?:back\s+)?to\s+", _CAP, "User moved to {v}."),
    _r("employer", rf"i\s+{_ADV}work\s+(?:at|for)\s+", _CAP, "User works at {v}."),
    _r("employer", rf"{_IM}{_ADV}(?:working|employed)\s+(?:at|for|by)\s+", _CAP, "User works at {v}."),
    _r("employer", rf"{_IHAVE}{_ADV}joined\s+", _CAP, "User joined {v}."),
    _r("employer", rf"{_IHAVE}{_ADV}got\s+a\s+(?:new\s+)?job\s+(?:at|with)\s+", _CAP, "User got a job at {v}."),
    _r("employer", rf"{_IM}now\s+(?:at|with)\s+", _CAP, "User now works at {v}."),
    _r("tool", rf"i\s+{_ADV}prefer\s+(?:using\s+|to\s+use\s+)?", _TOOL, "User prefers {v}.", fact_type="opinion"),
    _r("tool", rf"{_IHAVE}{_ADV}switched\s+(?:over\s+)?to\s+", _TOOL, "User switched to {v}."),
    _r("tool", rf"i\s+{_ADV}(?:write|code\s+in|program\s+in)\s+", _TOOL + r"(?=\s+now\b)", "User now writes {v}."),
    _r("tool", r"i\s+(?:mostly|mainly|primarily|usually)\s+use\s+", _TOOL, "User mostly uses {v}."),
    _r("language", r"my\s+(?:favou?rite|preferred)\s+(?:programming\s+)?language\s+"
       r"(?:these\s+days\s+|right\s+now\s+|at\s+the\s+moment\s+)?is\s+(?:now\s+)?", _TOOL,
       "User's favourite programming language is {v}.", fact_type="opinion"),
    _r("name", r"my\s+name\s+is\s+", _CAP, "User's name is {v}."),
    _r("name", r"(?:please\s+)?call\s+me\s+", _CAP, "User's name is {v}."),
    _r("manager", r"my\s+(?:new\s+)?(?:boss|manager|supervisor|team\s+lead)\s+is\s+(?:now\s+)?", _CAP,
       "User's manager is {v}."),
    _r("diet", rf"(?:{_IM}|{_IHAVE}(?:become|gone)\s+|i\s+became\s+|i\s+went\s+){_ADV}(?:a\s+)?",
       r"(?i:vegetarian|vegan|pescatarian|pescetarian)\b", "User is {v}."),
    _r("pet", rf"i\s+{_ADV}(?:have|got|adopted)\s+a\s+(?:new\s+)?(?:\w+\s+)?(?P<sp>dog|cat|puppy|kitten|parrot|"
       r"hamster|rabbit|turtle)\s+(?:named|called)\s+", _CAP, "User has a {sp} named {v}."),
    _r("project", r"(?:(?:the|my|our)\s+)?project\s+", _CAP, "Project {v} is {st}."),
    _r("project", r"(?:the|my|our)\s+(?=[^\s]+(?:\s+[^\s]+)?\s+project\b)", _CAP, "Project {v} is {st}."),
    # English, wider constructions (pronoun-dropped openers, value-first "X is my main editor")
    _r("city", rf"(?:{_START}|my\s+(?:new\s+)?)home\s+is\s+(?:now\s+)?", _CAP, "User lives in {v}."),
    _r("city", rf"{_ISUBJ}{_ADV}(?:signed|got)\s+a\s+(?:new\s+)?lease\s+(?:in|on\s+a\s+place\s+in)\s+", _CAP,
       "User lives in {v}."),
    _r("employer", rf"{_ISUBJ}{_ADV}(?:started|began)\s+(?:a\s+)?(?:new\s+)?(?:job|position|role)\s+(?:at|with)\s+",
       _CAP, "User works at {v}."),
    _r("employer", r"my\s+(?:new\s+)?(?:employer|workplace)\s+is\s+(?:now\s+)?", _CAP, "User works at {v}."),
    _r("tool", rf"{_START}{_ADV}switched\s+(?:(?:all\s+)?(?:of\s+)?my\s+(?:[\w-]+\s+){{0,3}})?(?:over\s+)?to\s+",
       _TOOL, "User switched to {v}."),
    _r("tool", rf"{_ISUBJ}{_ADV}(?:moved|migrated|ported)\s+(?:all\s+)?(?:of\s+)?my\s+(?:[\w-]+\s+){{0,3}}"
       r"(?:over\s+)?to\s+", rf"(?i:{_LEX})(?![\w+#])", "User switched to {v}."),
    _r("tool", rf"{_ISUBJ}{_ADV}(?:use|am\s+using)\s+", _TOOL, "User uses {v}.",
       after=rf"\s+as\s+my\s+{_MAIN}*{_CATS}\b"),
    _r("tool", "", _TOOL, "User's main {cat} is {v}.", after=rf"\s+is\s+(?:now\s+)?my\s+(?:(?:favou?rite|preferred)\s+)?{_MAIN}*{_CATS}\b"),
    _r("tool", rf"my\s+{_MAIN}+{_CATS}\s+(?:these\s+days\s+|right\s+now\s+|at\s+the\s+moment\s+)?is\s+(?:now\s+)?",
       _TOOL, "User's main {cat} is {v}.", fact_type="opinion"),
    _r("manager", rf"{_ISUBJ}{_ADV}(?:report|answer)\s+(?:directly\s+)?to\s+", _CAP, "User's manager is {v}."),
    _r("manager", rf"{_ISUBJ}{_ADV}(?:got|have)\s+a\s+new\s+(?:boss|manager|supervisor|team\s+lead)\s*(?:[:—-]\s*|,\s*)?",
       _CAP, "User's manager is {v}."),
    _r("diet", rf"(?:{_IM}|{_ISUBJ}){_ADV}(?:on|started|began|following|follow|went\s+on|switched\s+to)\s+(?:a|the)\s+",
       _DIETS, "User is on a {v} diet.", after=r"\s+diet\b"),
    _r("diet", _START, _DIETS, "User is on a {v} diet.", after=r"\s+diet\s+from\s+now\s+on\b"),
    _r("pet", rf"(?:i|we)\s+{_ADV}(?:have|got|adopted|rescued)\s+a\s+(?:new\s+)?(?:\w+\s+)?{_PETS}\s+(?:named|called)\s+",
       _CAP, "User has a {sp} named {v}."),
    _r("pet", rf"{_START}meet\s+", _CAP, "User has a {sp} named {v}.",
       after=rf",\s+(?:our|my)\s+(?:new\s+)?(?:\w+\s+)?{_PETS}\b"),
    _r("pet", _START, _CAP, "User has a {sp} named {v}.", after=rf",\s+(?:our|my)\s+new\s+{_PETS}\b"),
    _r("project", r"(?:(?:quick\s+)?update|news|status)\s+(?:on|of|for)\s+(?:(?:the|my|our)\s+)?(?:project\s+)?", _CAP,
       "Project {v} is {st}."),
    # Russian
    _r("city", rf"(?:я\s+)?{_RADV}живу\s+в(?:о)?\s+", _CAP, "Пользователь живёт в городе {v}.", case="prep"),
    _r("city", rf"(?:я\s+)?{_RADV}переехал(?:а)?\s+(?:жить\s+)?в(?:о)?\s+", _CAP,
       "Пользователь переехал в город {v}.", case="acc"),
    _r("city", r"теперь\s+я\s+в(?:о)?\s+", _CAP, "Пользователь теперь в городе {v}.", case="prep"),
    _r("employer", rf"(?:я\s+)?{_RADV}работаю\s+в(?:о)?\s+(?!компании|фирме)", _CAP,
       "Пользователь работает в компании {v}.", case="prep"),
    _r("employer", rf"(?:я\s+)?{_RADV}работаю\s+в\s+(?:компании|фирме)\s+", _CAP,
       "Пользователь работает в компании {v}."),
    _r("employer", rf"(?:я\s+)?{_RADV}устроил(?:ся|ась)\s+(?:на\s+работу\s+)?в(?:о)?\s+", _CAP,
       "Пользователь устроился в компанию {v}.", case="acc"),
    _r("tool", rf"(?:я\s+)?{_RADV}предпочитаю\s+", _TOOL, "Пользователь предпочитает {s}.", fact_type="opinion"),
    _r("tool", rf"(?:я\s+)?{_RADV}перешл?(?:ёл|ел|а)\s+на\s+", _TOOL, "Пользователь перешёл на {s}."),
    _r("name", r"меня\s+зовут\s+", _CAP, "Пользователя зовут {v}."),
    _r("manager", r"(?:мой|моя)\s+(?:новый\s+|новая\s+)?(?:начальник|начальница|руководитель|босс|менеджер)\s+"
       r"(?:теперь\s+)?(?:—\s+|-\s+|это\s+)?", _CAP, "Начальник пользователя — {v}."),
    _r("diet", rf"я\s+{_RADV}(?:стал(?:а)?\s+)?", r"(?i:вегетарианец|вегетарианка|веган|веганка)\b",
       "Пользователь — {s}."),
    _r("pet", r"у\s+меня\s+(?:есть\s+)?(?:\w+\s+)?(?P<sp>собака|кошка|кот|пёс|пес|попугай)\s+"
       r"(?:по\s+(?:кличке|имени)\s+|—\s+)", _CAP, "У пользователя есть {sp} по кличке {v}."),
    _r("project", r"проект\s+", _CAP, "Проект {v} {st}."),
    # Russian, wider constructions
    _r("city", rf"мой\s+(?:новый\s+)?дом\s+{_RADV}(?:—\s+|-\s+|это\s+|теперь\s+)", _CAP,
       "Пользователь живёт в городе {v}."),
    _r("employer", r"на\s+новой\s+работе\s*(?:—|-|:|в(?:о)?\s)\s*", _CAP, "Пользователь работает в компании {v}."),
    _r("tool", rf"(?:я\s+)?{_RADV}пишу\s+(?:код\s+|программы\s+)?(?:(?:в\s+основном|обычно|теперь|сейчас|только)\s+)*на\s+",
       _TOOL, "Пользователь пишет на {s}.", cat="language"),
    _r("tool", rf"(?:я\s+)?{_RADV}(?:пишу\s+код|программирую|работаю)\s+(?:(?:в\s+основном|обычно|теперь|сейчас)\s+)*в(?:о)?\s+",
       rf"(?i:{_LEX})(?![\w+#])", "Пользователь пишет код в {s}.", cat="editor"),
    _r("tool", r"(?:мой|моя)\s+(?:(?:основной|любимый|главный|новый|рабочий)\s+)+(?P<cat>язык|редактор)"
       rf"(?:\s+программирования|\s+кода)?\s+{_RADV}(?:—\s+|-\s+|это\s+)?", _TOOL,
       "Основной инструмент пользователя ({cat}) — {s}.", fact_type="opinion"),
    _r("manager", r"у\s+меня\s+(?:теперь\s+|сейчас\s+)?(?:новый|новая)\s+"
       r"(?:начальник|начальница|руководитель|руководительница|босс|менеджер)\s+(?:—\s+|-\s+|:\s+)?", _CAP,
       "Начальник пользователя — {v}."),
    _r("diet", rf"у\s+меня\s+{_RADV}", _DIETS_RU, "Диета пользователя: {s}.", after=r"\s+диета\b"),
    _r("diet", rf"моя\s+(?:новая\s+)?диета\s+{_RADV}(?:—\s+|-\s+|это\s+|теперь\s+)?", _DIETS_RU,
       "Диета пользователя: {s}."),
    _r("pet", rf"(?:я|мы)\s+{_RADV}(?:завел[аи]?|завела|взял[аи]?|взяли)\s+(?:(?:питомца|нового\s+питомца)\s*[:—-]?\s*)?"
       rf"(?:\w+\s+)?{_PETS_RU}\s+(?:по\s+(?:кличке|имени)\s+|—\s+)", _CAP, "У пользователя есть {sp} по кличке {v}."),
    _r("pet", r"знакомь(?:ся|тесь)\s*[:—-]?\s*", _CAP, "У пользователя есть {sp} по кличке {v}.",
       after=rf",\s+(?:наш|мой|наша|моя)\s+(?:нов(?:ый|ая)\s+)?(?:питомец\s*\(\s*)?{_PETS_RU}\b"),
    _r("project", r"(?:новости|апдейт|обновление)\s+по\s+(?:проекту\s+)?", _CAP, "Проект {v} {st}."),
)  # fmt: skip

# After the project name: "X is done", "X: it's shipped", "X changed, it's in planning", "X — в бете".
_STATUS_EN = re.compile(
    r"^(?:\s+project\b)?(?:\s+(?:status\s+)?changed\b)?(?:\s*[:,—-]\s*(?:the\s+)?(?:status\s+is\s+|status\s*[:—-]\s*)?"
    r"(?:it's\s+|it\s+is\s+|it\s+has\s+been\s+|now\s+)?|\s+(?:is|was|has\s+been|got)\s+)"
    rf"(?:now\s+|finally\s+|officially\s+)?(?P<st>{_STATUS_WORDS})\b",
    re.I,
)
_STATUS_RU = re.compile(
    r"^\s*(?:[:,—-]\s*(?:статус\s*(?:—|-|:)?\s*)?|\s)(?:уже\s+|теперь\s+|наконец\s+|сейчас\s+)?(?:—\s+)?"
    rf"(?P<st>{_STATUS_WORDS_RU})(?!\w)",
    re.I,
)
_DIET = {
    "vegetarian": "vegetarian", "vegan": "vegan", "pescatarian": "pescatarian", "pescetarian": "pescatarian",
    "ketogenic": "keto", "keto": "keto", "paleo": "paleo", "mediterranean": "mediterranean",
    "gluten-free": "gluten-free", "low-carb": "low-carb", "carnivore": "carnivore",
    "вегетарианская": "vegetarian", "веганская": "vegan", "кето": "keto", "пескетарианская": "pescatarian",
    "средиземноморская": "mediterranean", "безглютеновая": "gluten-free", "палео": "paleo",
    "низкоуглеводная": "low-carb",
    "вегетарианец": "vegetarian", "вегетарианка": "vegetarian", "веган": "vegan", "веганка": "vegan",
}  # fmt: skip
_SPECIES = {"puppy": "dog", "kitten": "cat", "собака": "dog", "пёс": "dog", "пес": "dog",
            "кошка": "cat", "кот": "cat", "попугай": "parrot", "собаку": "dog", "кошку": "cat",
            "кота": "cat", "пса": "dog", "попугая": "parrot", "хомяк": "hamster", "хомяка": "hamster"}  # fmt: skip
_ENTITY = {
    "city": ("place", "city"), "employer": ("organization", "employer"), "manager": ("person", "manager"),
    "name": ("person", "self"), "project": ("project", "project"), "pet": ("concept", "pet"),
}  # fmt: skip
_NOT_NAMES = frozenset(
    "i i'm i've i'd i'll ok okay hi hello hey thanks thank yes no monday tuesday wednesday thursday friday "
    "saturday sunday january february march april may june july august september october november december "
    "english german french russian spanish italian chinese japanese american british european today "
    "tomorrow yesterday god meet honestly well so also now btw anyway update quick status news привет спасибо да нет сегодня завтра вчера понедельник вторник среда четверг "
    "пятница суббота воскресенье".split()
)

_NOT_PLAIN_PREFIX = re.compile(
    r"\b(?:not|never|no|nor|if|would|could|might|maybe|perhaps|wish|hope|want|wanted|plan|planning|"
    r"thinking|considering|whether|unless|suppose|imagine|pretend|не|ни|нет|никогда|если|бы|хочу|хотел|хотела|"
    r"хотим|может|возможно|планирую|мечтаю|надеюсь)\b|n't\b|'d\b",
    re.I,
)
# Someone else is the subject of the clause: "my sister switched to Rust", "Tom's home is Riga".
_OTHER_SUBJECT = re.compile(
    r"\b(?:he|she|they|his|her|their|him|them|friend|friends|sister|brother|cousin|colleague|colleagues|"
    r"coworker|neighbou?r|neighbou?rs|roommate|flatmate|wife|husband|partner|mom|mum|dad|mother|father|son|"
    r"daughter|parents|kids|(?!it's|that's|what's|there's|here's|let's|who's)\w+'s|он|она|они|его|её|ее|их|друг|"
    r"подруга|сестра|брат|коллега|сосед|соседка|соседи|жена|муж|мама|папа)\b",
    re.I,
)




def _canonical_tool(value: str) -> str:
    low = " ".join(value.casefold().split())
    if low in _CANON:
        return _CANON[low]
    return value if value[:1].isupper() or low not in TOOL_CATEGORY else value[:1].upper() + value[1:]


@dataclass(frozen=True)
class _Draft:
    key: str | None
    value: str
    content: str
    fact_type: str
    entities: tuple[EntityMention, ...]


def _value_ok(value: str) -> bool:
    first = value.split()[0].casefold() if value.split() else ""
    return bool(first) and first not in _NOT_NAMES


_CAT_WORDS = {
    "language": "language", "programming language": "language", "язык": "language", "editor": "editor",
    "code editor": "editor", "ide": "editor", "редактор": "editor", "os": "os", "operating system": "os",
    "database": "database", "shell": "shell", "browser": "browser",
}  # fmt: skip
# A person named twice: "Dima, well, Dmitry officially" (the second is the full name), "Александр (Саша)",
# "X these days, everyone calls them Y" (the second is a nickname).
_FULL_NAME_AFTER = re.compile(
    rf"^\s*,\s*(?i:well|or\s+rather|i\s+mean|that\s+is)\s*,?\s*(?P<full>{_CAP})(?=\s+(?i:officially|formally|"
    r"on\s+paper|in\s+full)\b)"
)
_NICKNAME_AFTER = re.compile(
    rf"^\s*\(\s*(?P<a>{_CAP})\s*\)|^[^.!;]*?\b(?i:everyone|everybody|people|we\s+all|все)\s+"
    rf"(?i:calls?|зовут)\s+(?i:them|him|her|его|её|ее)\s+(?P<b>{_CAP})"
)


def _person_names(surface: str, rest: str) -> tuple[str, tuple[str, ...]]:
    """(name, nicknames) for a person value, from what follows it in the sentence."""
    full = _FULL_NAME_AFTER.match(rest)
    if full and _value_ok(full["full"]):
        return full["full"], (surface,)
    nick = _NICKNAME_AFTER.match(rest)
    alias = (nick["a"] or nick["b"]) if nick else None
    return surface, ((alias,) if alias and _value_ok(alias) and alias != surface else ())


def _draft(rule: _Rule, m: re.Match[str], sentence: str) -> _Draft | None:
    surface = m["v"].strip(" \"'«»“”.")
    if not _value_ok(surface):
        return None
    value = russian_nominative_phrase(surface, rule.case)
    groups = m.groupdict()
    cat = _CAT_WORDS.get(" ".join((groups.get("cat") or rule.cat).casefold().split()), "")
    fill = {"v": value, "s": surface, "sp": groups.get("sp") or "", "st": "", "cat": cat}
    rest = sentence[m.end() :]
    extra: tuple[str, ...] = ()
    if rule.slot in ("manager", "name"):
        value, extra = _person_names(value, rest)
        fill["v"] = value
    key, stored, etype = _slot(rule, value, fill, rest)
    if key == _SKIP:
        return None
    role = (
        key.split("|", 1)[1]
        if key and rule.slot in ("tool", "language")
        else _ENTITY.get(rule.slot, ("", None))[1]
    )
    name = value if rule.slot == "project" else fill["v"]
    entities = _fact_entities(role, name, surface, etype, extra)
    return _Draft(key, stored, rule.template.format(**fill), rule.fact_type, entities)


_SKIP = "\x00skip"


def _slot(rule: _Rule, value: str, fill: dict[str, str], rest: str) -> tuple[str | None, str, str | None]:
    """(key, stored value, entity type) for a match; key ``_SKIP`` rejects it."""
    slot = rule.slot
    if slot in ("tool", "language"):
        return _tool_slot(slot, value, fill)
    if slot == "diet" and fill["s"].casefold() not in _DIET:
        return _SKIP, value, None
    if slot == "diet":
        fill["v"] = _DIET[value.casefold()]
        return "user|diet", fill["v"], None
    if slot == "pet":
        species = _SPECIES.get(fill["sp"].casefold(), fill["sp"].casefold())
        return f"user|pet:{species}", value, "concept"
    if slot == "project":
        status = (_STATUS_RU if rule.template.startswith("Проект") else _STATUS_EN).match(rest)
        if not status:
            return _SKIP, value, None
        fill["st"] = " ".join(status["st"].lower().split())
        return f"project:{normalize_name(value)}|status", fill["st"], "project"
    return f"user|{slot}", value, _ENTITY[slot][0]


def _tool_slot(slot: str, value: str, fill: dict[str, str]) -> tuple[str | None, str, str | None]:
    category = tool_category(value)
    want = "language" if slot == "language" else fill["cat"]
    if want and category not in (None, want):
        return _SKIP, value, None
    category = category or want or None
    name = _canonical_tool(value)
    fill["v"] = name
    if fill["s"].casefold() == value.casefold():
        fill["s"] = name
    if category is None or (category != tool_category(value) and not value[:1].isupper()):
        return (None, name, "tool") if value[:1].isupper() else (_SKIP, value, None)
    return f"user|{category}", name, "tool"


def _fact_entities(
    role: str | None, value: str, surface: str, etype: str | None, extra: tuple[str, ...] = ()
) -> tuple[EntityMention, ...]:
    if etype is None:
        return ()
    aliases = tuple(dict.fromkeys(a for a in ((surface,) + extra) if a != value))
    return (EntityMention(value, etype, role, aliases),)


# Which rules may match a sentence: a literal each rule's matches contain (same output, ~10x fewer scans).
_GATES = Gates(rule.pattern for rule in RULES)


def extract_facts(sentence: str) -> Iterator[_Draft]:
    """Every fact a plain first-person statement states; nothing for questions/negations/ifs."""
    if not is_plain_statement(sentence):
        return
    for i in _GATES.runnable(sentence):
        rule = RULES[i]
        for m in rule.pattern.finditer(sentence):
            prefix = clause_prefix(sentence, m.start())
            own = prefix + sentence[m.start() : m.start("v")]  # "switched my sister to X" is not about tools
            if _NOT_PLAIN_PREFIX.search(prefix) or _OTHER_SUBJECT.search(own):
                continue
            draft = _draft(rule, m, sentence)
            if draft is not None:
                yield draft


_MENTION = re.compile(_CAP)
_PLACE_CUES = frozenset("in to from near visit visited visiting в во из под около".split())
_ORG_CUES = frozenset("at joined company компании".split())
_PERSON_CUES = frozenset("with met told asked call called saw friend colleague brother sister с со".split())


def mention_entities(sentence: str) -> Iterator[EntityMention]:
    """Capitalised names not at the start of the sentence, typed by the word before them."""
    for m in _MENTION.finditer(sentence):
        name = m.group(0)
        before = sentence[max(0, m.start() - 40) : m.start()]  # a window keeps long messages linear
        if (m.start() < 40 and not before.strip(" \"'«“([-—")) or not _value_ok(name):
            continue
        if tool_category(name):
            yield EntityMention(_canonical_tool(name), "tool")
            continue
        words = before.split()
        yield EntityMention(name, _cue_type(words[-1].casefold().strip(",.") if words else ""))


def _cue_type(prev: str) -> str:
    if prev in _PLACE_CUES:
        return "place"
    if prev in _ORG_CUES:
        return "organization"
    if prev in _PERSON_CUES:
        return "person"
    return "concept"




class RuleConsolidator:
    """Offline Consolidator: regex rules over user episodes (see the module docstring)."""

    name = "rules"

    def __init__(self, confidence: float = RULE_CONFIDENCE) -> None:
        self.confidence = confidence

    def consolidate(self, episodes: Sequence[EpisodeRef], context: ConsolidationContext) -> Plan:
        merged: dict[tuple[str | None, str, str], FactProposal] = {}
        mentions: list[EntityMention] = []
        for ep in sorted(episodes, key=lambda e: (e.time, e.id)):
            if ep.role != "user":
                continue
            for sentence in sentences(ep.content):
                mentions.extend(mention_entities(sentence))
                for d in extract_facts(sentence):
                    mentions.extend(d.entities)
                    _add(merged, d, ep.id, self.confidence)
        facts = tuple(merged.values())
        return Plan(session_id=context.session_id, facts=facts, entities=merge_entities(mentions))


def _add(merged: dict[tuple[str | None, str, str], FactProposal], d: _Draft, ep_id: int, conf: float) -> None:
    """Repeated statements of one fact become one proposal with every source id."""
    k = (d.key, d.value, d.content)
    old = merged.get(k)
    if old is None:
        merged[k] = FactProposal(d.content, d.fact_type, d.key, d.value, (ep_id,), conf, d.entities)
    elif ep_id not in old.source_ids:
        # re-insert so dict order follows the newest statement (newer claims come last)
        del merged[k]
        merged[k] = replace(old, source_ids=old.source_ids + (ep_id,))
