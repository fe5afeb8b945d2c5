"""The synthetic generator's phrase tables: the facts a persona can hold (slots), the phrasings
that state them in English and Russian, distractor chatter, replies and causal episodes.

Data only; the simulator that lives through them is ``memlab.datasets.synthetic``. The blind
held-out phrasings are in ``phrases_heldout.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

V = Mapping[str, str]  # a value: "en" (canonical) + Russian forms; keys "x_*" are not answer forms


@dataclass(frozen=True)
class Slot:
    """A fact about a persona that changes over time, with everything needed to talk about it."""

    name: str
    intent: str
    values: tuple[V, ...]
    say_en: tuple[str, ...]
    say_ru: tuple[str, ...]
    ask_en: str
    ask_ru: str | None
    when_en: str | None
    when_ru: str | None
    distract_en: tuple[str, ...]
    distract_ru: tuple[str, ...]
    ordered: bool = False  # values follow the list order (a project's status moves forward)


def _v(en: str, *ru: str, **extra: str) -> V:
    keys = ("nom", "acc", "prep")
    return {"en": en, **dict(zip(keys, ru, strict=False)), **extra}


def _same(*names: str) -> tuple[V, ...]:
    return tuple({"en": n} for n in names)


SLOTS: tuple[Slot, ...] = (
    Slot(
        name="city",
        intent="general",
        values=(
            _v("Berlin", "Берлин", "Берлин", "Берлине"),
            _v("Vilnius", "Вильнюс", "Вильнюс", "Вильнюсе"),
            _v("Lisbon", "Лиссабон", "Лиссабон", "Лиссабоне"),
            _v("Warsaw", "Варшава", "Варшаву", "Варшаве"),
            _v("Prague", "Прага", "Прагу", "Праге"),
            _v("Tbilisi", "Тбилиси", "Тбилиси", "Тбилиси"),
            _v("Belgrade", "Белград", "Белград", "Белграде"),
            _v("Riga", "Рига", "Ригу", "Риге"),
            _v("Tallinn", "Таллин", "Таллин", "Таллине"),
            _v("Amsterdam", "Амстердам", "Амстердам", "Амстердаме"),
        ),
        say_en=(
            "I live in {en} now.",
            "These days I'm based in {en}.",
            "I moved to {en} this week, still unpacking boxes.",
            "Home is {en} now, the move is finally done.",
            "Just signed a lease in {en}, so that's where I live now.",
        ),
        say_ru=(
            "Я теперь живу в {prep}.",
            "Я переехал{a} в {acc}, ещё разбираю коробки.",
            "Теперь мой дом — {nom}.",
        ),
        ask_en="Where does {person} live now?",
        ask_ru="Где сейчас живёт {person_ru}?",
        when_en="When did {person} move to {en}?",
        when_ru="Когда {person_ru} переехал{a} в {acc}?",
        distract_en=(
            "My friend {friend} lives in {en}.",
            "{en} has really nice museums.",
            "I watched a documentary about {en} yesterday.",
            "My cousin is thinking about moving to {en}.",
        ),
        distract_ru=("Мой друг {friend_ru} живёт в {prep}.", "В {prep} очень красивые музеи."),
    ),
    Slot(
        name="employer",
        intent="what",
        values=_same(
            "Globex",
            "Initech",
            "Northwind",
            "Hooli",
            "Umbrella Labs",
            "Vandelay Industries",
            "Cyberdyne",
            "Tyrell Systems",
            "Wonka Labs",
            "Soylent",
        ),  # fmt: skip
        say_en=(
            "I work at {en} now.",
            "Started a new job at {en} today!",
            "I joined {en} as a backend engineer.",
            "My new employer is {en}, onboarding is chaotic.",
        ),
        say_ru=("Я теперь работаю в {en}.", "Сегодня первый день на новой работе — {en}."),
        ask_en="Which company does {person} work for now?",
        ask_ru="В какой компании сейчас работает {person_ru}?",
        when_en="When did {person} start working at {en}?",
        when_ru="Когда {person_ru} начал{a} работать в {en}?",
        distract_en=(
            "My sister works at {en}.",
            "{en} announced layoffs, according to the news.",
            "A recruiter from {en} wrote to me, I ignored it.",
        ),
        distract_ru=("Моя сестра работает в {en}.", "Про {en} опять пишут в новостях."),
    ),
    Slot(
        name="language",
        intent="what",
        # No "Go": the English verb would make every chatter line look like a mention.
        values=_same(
            "Python", "Rust", "TypeScript", "Kotlin", "Elixir", "Haskell", "Scala", "Zig", "OCaml", "Clojure"
        ),
        say_en=(
            "My favourite programming language these days is {en}.",
            "I mostly write {en} now.",
            "Switched all my side projects to {en}.",
            "Honestly, {en} is my main language now.",
        ),
        say_ru=("Сейчас пишу в основном на {en}.", "Мой любимый язык программирования теперь {en}."),
        ask_en="What is {person}'s favourite programming language now?",
        ask_ru="На каком языке программирования сейчас в основном пишет {person_ru}?",
        when_en="When did {person} switch to {en}?",
        when_ru="С какого времени {person_ru} пишет в основном на {en}?",
        distract_en=(
            "There was a great talk about {en} at the meetup.",
            "My colleague keeps complaining about {en}.",
        ),
        distract_ru=("Коллега всё время ругает {en}.",),
    ),
    Slot(
        name="editor",
        intent="what",
        values=_same(
            "VS Code", "Neovim", "Emacs", "PyCharm", "Zed", "Helix", "Sublime Text", "IntelliJ IDEA"
        ),
        say_en=(
            "I use {en} as my editor now.",
            "Moved my whole setup to {en}.",
            "{en} is my daily editor these days.",
        ),
        say_ru=("Теперь я пишу код в {en}.", "Мой основной редактор сейчас — {en}."),
        ask_en="Which code editor does {person} use now?",
        ask_ru="Каким редактором кода сейчас пользуется {person_ru}?",
        when_en="When did {person} switch to the {en} editor?",
        when_ru="Когда {person_ru} начал{a} пользоваться {en}?",
        distract_en=(
            "A friend swears by {en}, I'm not convinced.",
            "Read a blog post comparing {en} with other editors.",
        ),
        distract_ru=("Друг хвалит {en}, но меня не убедил.",),
    ),
    Slot(
        name="manager",
        intent="who",
        values=(
            _v("Alexander", "Александр", alias="Sasha", ralias="Саша"),
            _v("Ekaterina", "Екатерина", alias="Katya", ralias="Катя"),
            _v("Michael", "Михаил", alias="Misha", ralias="Миша"),
            _v("Dmitry", "Дмитрий", alias="Dima", ralias="Дима"),
            _v("Olga", "Ольга", alias="Olya", ralias="Оля"),
            _v("Natalia", "Наталья", alias="Natasha", ralias="Наташа"),
            _v("Konstantin", "Константин", alias="Kostya", ralias="Костя"),
            _v("Tatiana", "Татьяна", alias="Tanya", ralias="Таня"),
        ),
        say_en=(
            "My manager is {en} now.",
            "I report to {en} these days, everyone calls them {alias}.",
            "After the reorg my boss is {en}.",
            "Got a new manager: {alias}, well, {en} officially.",
        ),
        say_ru=("Мой руководитель теперь {nom}.", "У меня новый начальник — {nom} ({ralias})."),
        ask_en="Who is {person}'s manager now?",
        ask_ru="Кто сейчас руководитель, которому подчиняется {person_ru}?",
        when_en="When did {en} become {person}'s manager?",
        when_ru=None,
        distract_en=("My neighbour is also called {en}.", "{en} from the other team gave a great talk."),
        distract_ru=("Моего соседа тоже зовут {nom}.",),
    ),
    Slot(
        name="project_status",
        intent="what",
        values=(
            _v("in planning", "на планировании"),
            _v("in progress", "в работе"),
            _v("blocked", "заблокирован"),
            _v("in beta", "в бете"),
            _v("shipped", "запущен"),
        ),
        say_en=(
            "Project {project} is {en} now.",
            "Quick update on {project}: it's {en}.",
            "Status of {project} changed, it's {en}.",
        ),
        say_ru=("Проект {project} сейчас {nom}.", "Новости по {project}: статус — {nom}."),
        ask_en="What is the status of {person}'s project {project} now?",
        ask_ru="Какой сейчас статус у проекта {project}, над которым работает {person_ru}?",
        when_en="When did the status of {person}'s project {project} change to {en}?",
        when_ru=None,
        distract_en=("My friend's startup is {en} too.", "Half the tickets on the other board are {en}."),
        distract_ru=("У друга стартап тоже {nom}.",),
        ordered=True,
    ),
    Slot(
        name="diet",
        intent="general",
        values=(
            _v("vegetarian", "вегетарианская"),
            _v("vegan", "веганская"),
            _v("keto", "кето"),
            _v("pescatarian", "пескетарианская"),
            _v("Mediterranean", "средиземноморская"),
            _v("gluten-free", "безглютеновая"),
            _v("paleo", "палео"),
        ),
        say_en=(
            "I'm on a {en} diet now.",
            "Started a {en} diet, feeling good so far.",
            "Food update: {en} diet from now on.",
        ),
        say_ru=("Сейчас у меня {nom} диета.", "Теперь моя диета — {nom}."),
        ask_en="What diet does {person} follow now?",
        ask_ru="Какой диеты сейчас придерживается {person_ru}?",
        when_en="When did {person} start the {en} diet?",
        when_ru=None,
        distract_en=(
            "My roommate tried a {en} diet and hated it.",
            "A new {en} cafe opened near the office.",
        ),
        distract_ru=("Соседка говорит, что {nom} диета — ерунда.",),
    ),
    Slot(
        name="pet",
        intent="what",
        values=(
            _v("Rex", "Рекс", x_sp="dog", x_rsp="собака"),
            _v("Luna", "Луна", x_sp="cat", x_rsp="кошка"),
            _v("Milo", "Майло", x_sp="dog", x_rsp="собака"),
            _v("Bella", "Белла", x_sp="cat", x_rsp="кошка"),
            _v("Kiwi", "Киви", x_sp="parrot", x_rsp="попугай"),
            _v("Simba", "Симба", x_sp="cat", x_rsp="кот"),
            _v("Charlie", "Чарли", x_sp="dog", x_rsp="пёс"),
        ),
        say_en=(
            "We adopted a {x_sp} named {en}!",
            "Meet {en}, our new {x_sp}.",
            "{en}, our new {x_sp}, chewed through my charger today.",
        ),
        say_ru=(
            "Мы завели питомца: {x_rsp} по кличке {nom}.",
            "Знакомься: {nom}, наш новый питомец ({x_rsp}).",
        ),
        ask_en="What is the name of the pet {person} adopted most recently?",
        ask_ru="Как зовут последнего питомца, о котором рассказывал{a} {person_ru}?",
        when_en="When did {person} adopt {en}?",
        when_ru=None,
        distract_en=(
            "My neighbour's {x_sp} is also called {en}.",
            "Saw a {x_sp} named {en} at the park, so cute.",
        ),
        distract_ru=("У соседей тоже есть питомец по кличке {nom}.",),
    ),
)
SLOT_BY_NAME: dict[str, Slot] = {s.name: s for s in SLOTS}


@dataclass(frozen=True)
class Episode:
    """A causal story: an event, its possible causes, and how to ask why it happened."""

    key: str
    event_en: str
    event_ru: str
    ask_en: str
    ask_ru: str
    causes: tuple[tuple[str, str], ...]  # (English, Russian)


EPISODES: tuple[Episode, ...] = (
    Episode(
        "deploy", "the deploy failed", "деплой упал",
        "Why did {person}'s deploy fail?", "Почему упал деплой, о котором рассказывал{a} {person_ru}?",
        (("the migration locked the table", "миграция заблокировала таблицу"),
         ("the config file had a typo", "в конфиге была опечатка"),
         ("the build server ran out of disk space", "на сборочном сервере закончилось место")),
    ),
    Episode(
        "flight", "I missed my flight", "я опоздал{a} на самолёт",
        "Why did {person} miss the flight?", "Почему {person_ru} опоздал{a} на самолёт?",
        (("the taxi never showed up", "такси так и не приехало"),
         ("the train was stuck in a tunnel", "поезд застрял в тоннеле")),
    ),
    Episode(
        "demo", "the demo got postponed", "демо перенесли",
        "Why was {person}'s demo postponed?", "Почему перенесли демо, о котором рассказывал{a} {person_ru}?",
        (("the client changed the requirements", "клиент поменял требования"),
         ("the staging server crashed", "упал стейджинг-сервер")),
    ),
    Episode(
        "sleep", "I slept terribly", "я ужасно спал{a}",
        "Why did {person} sleep badly?", "Почему {person_ru} плохо спал{a}?",
        (("the neighbours were drilling until midnight", "соседи сверлили до полуночи"),
         ("the heating broke", "сломалось отопление")),
    ),
    Episode(
        "release", "the release slipped by two weeks", "релиз сдвинулся на две недели",
        "Why did {person}'s release slip?", "Почему сдвинулся релиз, о котором рассказывал{a} {person_ru}?",
        (("the security audit found a vulnerability", "аудит безопасности нашёл уязвимость"),
         ("two engineers got the flu", "два инженера заболели гриппом")),
    ),
    Episode(
        "trip", "we cancelled the trip", "мы отменили поездку",
        "Why did {person} cancel the trip?", "Почему {person_ru} отменил{a} поездку?",
        (("the hotel overbooked our room", "отель продал наш номер дважды"),
         ("a storm closed the airport", "шторм закрыл аэропорт")),
    ),
    Episode(
        "laptop", "my laptop died", "мой ноутбук сломался",
        "Why did {person}'s laptop die?", "Почему сломался ноутбук, о котором рассказывал{a} {person_ru}?",
        (("I spilled coffee on the keyboard", "я пролил{a} кофе на клавиатуру"),
         ("the battery swelled", "вздулся аккумулятор")),
    ),
    Episode(
        "database", "the database went down", "база данных упала",
        "Why did the database go down at {person}'s work?",
        "Почему упала база данных, о которой рассказывал{a} {person_ru}?",
        (("a runaway query filled the disk", "тяжёлый запрос забил весь диск"),
         ("the TLS certificate expired", "истёк TLS-сертификат")),
    ),
)  # fmt: skip

CAUSE_EN = ("{Event} because {cause}.", "{Event}, turns out {cause}.", "Ugh, {event}. The reason: {cause}.")
CAUSE_RU = ("{Event}, потому что {cause}.", "{Event}: оказалось, {cause}.")

PERSONAS: tuple[tuple[str, str, bool], ...] = (
    ("Anna", "Анна", True), ("Mark", "Марк", False), ("Julia", "Юлия", True), ("Ivan", "Иван", False),
    ("Nora", "Нора", True), ("Leo", "Лео", False), ("Mira", "Мира", True), ("Pavel", "Павел", False),
    ("Vera", "Вера", True), ("Felix", "Феликс", False), ("Ida", "Ида", True), ("Boris", "Борис", False),
    ("Zoe", "Зоя", True), ("Artem", "Артём", False), ("Eva", "Ева", True), ("Roman", "Роман", False),
)  # fmt: skip
SURNAMES: tuple[tuple[str, str], ...] = (
    ("Keller", "Келлер"), ("Novak", "Новак"), ("Berg", "Берг"), ("Weber", "Вебер"),
    ("Lind", "Линд"), ("Moretti", "Моретти"), ("Sato", "Сато"), ("Duval", "Дюваль"),
)  # fmt: skip
FRIENDS: tuple[tuple[str, str], ...] = (
    ("Tom", "Том"), ("Lisa", "Лиза"), ("Kevin", "Кевин"), ("Maria", "Мария"), ("Peter", "Пётр"), ("Sarah", "Сара"),
)  # fmt: skip
PROJECTS: tuple[str, ...] = ("Atlas", "Orion", "Falcon", "Nimbus", "Beacon", "Mercury", "Quartz", "Juniper")

CHATTER_EN: tuple[str, ...] = (
    "Had a long day today, too many meetings.",
    "The weather is awful, it's been raining all week.",
    "Watched a really good movie last night.",
    "I need to buy a new pair of running shoes.",
    "Do you have any tips for sleeping better?",
    "Made pancakes this morning.",
    "Reading a book about the history of maps.",
    "My phone battery dies so fast lately.",
    "Traffic was terrible this morning.",
    "I'm thinking of learning to play the guitar.",
    "Any ideas for a birthday present for a friend?",
    "Spent the evening cleaning the flat.",
    "The coffee machine at work broke again.",
    "I finally finished that online course.",
    "Can you remind me what a monad is?",
    "I should call my parents more often.",
    "Went for a long walk along the river.",
    "Our team lunch was surprisingly fun.",
    "I'm trying to drink more water.",
    "Thinking about a weekend trip to the mountains.",
)
CHATTER_RU: tuple[str, ...] = (
    "Сегодня был длинный день, слишком много встреч.",
    "Погода ужасная, всю неделю дождь.",
    "Вчера посмотрел{a} отличный фильм.",
    "Нужно купить новые кроссовки.",
    "Утром приготовил{a} блины.",
    "Читаю книгу по истории картографии.",
    "Пробки сегодня были просто кошмар.",
    "Думаю начать учиться играть на гитаре.",
    "Кофемашина на работе опять сломалась.",
    "Хочу на выходные съездить в горы.",
)
BOSS_EN: tuple[str, ...] = (
    "My boss wants the report by Friday.",
    "{alias} moved our planning meeting to Thursday.",
    "Had a good one-on-one with {alias} today.",
)
BOSS_RU: tuple[str, ...] = (
    "Начальник просит отчёт к пятнице.",
    "Сегодня была хорошая встреча один на один с руководителем.",
)
REPLY_EN: tuple[str, ...] = (
    "Got it.",
    "Thanks for sharing!",
    "Noted, I'll keep that in mind.",
    "Sounds good.",
    "Interesting, tell me more.",
    "I see.",
)
REPLY_RU: tuple[str, ...] = ("Понятно.", "Спасибо, запомню.", "Интересно!", "Ясно.")
ABSTAIN_EN: tuple[tuple[str, str], ...] = (
    ("What is {person}'s favourite football team?", "what"),
    ("Who is {person}'s dentist?", "who"),
    ("Why did {person} quit the choir?", "why"),
    ("When did {person} learn to sail?", "when"),
)
