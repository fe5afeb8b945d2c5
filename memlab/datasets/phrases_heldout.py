"""Phrasing families written blind for held-out evaluation; the extractor's authors do not read this file.

``HELDOUT_SAY[slot][lang]`` holds statement templates for each slot of
``memlab.datasets.synthetic.SLOTS``. They use exactly the placeholders of that slot's own
``say_en`` / ``say_ru`` templates (same names, same Russian case forms: ``{nom}``, ``{acc}``,
``{prep}``, the gender suffix ``{a}``, ``{alias}`` / ``{ralias}``, ``{x_sp}`` / ``{x_rsp}``,
``{project}``) and every one states the CURRENT value as true: no plans, no questions.
Swap them in for ``Slot.say_en`` / ``Slot.say_ru`` (e.g. with ``dataclasses.replace``) to build a
held-out variant of the synthetic dataset.
"""

from __future__ import annotations

HELDOUT_SAY: dict[str, dict[str, tuple[str, ...]]] = {
    "city": {
        "en": (
            "{en} is where I live these days.",
            "Settled in {en} for good, got the keys last week.",
            "Living in {en} now and honestly loving the neighbourhood.",
            "Relocated to {en}, the move is behind me.",
            "My address is in {en} now, finally done with the whole moving circus.",
            "So yeah, I'm officially a resident of {en} now, paperwork and all.",
            "lol guess who lives in {en} now. me.",
        ),
        "ru": (
            "Сменил{a} город — теперь {nom}, и мне тут нравится.",
            "Живу теперь в {prep}, уже привыкаю к местной погоде.",
            "Короче, я в {prep} с прошлой недели, насовсем.",
            "{nom} — вот где я теперь живу.",
            "Всё, с переездом покончено: живу в {prep}.",
            "Мой город теперь {nom}, снял{a} квартиру недалеко от центра.",
            "Купил{a} билет в один конец в {acc}, и вот я здесь живу.",
        ),
    },
    "employer": {
        "en": (
            "I'm employed by {en} now, contract signed and everything.",
            "Got hired at {en}, two weeks in already.",
            "{en} is where I work these days.",
            "Working for {en} now, the commute is actually fine.",
            "New badge, new laptop: I'm officially at {en}.",
            "These days my paycheck comes from {en}, which still feels weird to say.",
        ),
        "ru": (
            "Работаю теперь в {en}, пока всё нравится.",
            "Моё место работы теперь — {en}.",
            "{en} — мой новый работодатель, онбординг в разгаре.",
            "В {en} работаю с прошлой недели, потихоньку осваиваюсь.",
            "Новое место — {en}, коллеги отличные.",
            "Я теперь в команде {en}, уже второй месяц.",
        ),
    },
    "language": {
        "en": (
            "{en} has become my main language.",
            "Writing pretty much everything in {en} these days, work and hobby stuff alike.",
            "These days if I'm coding, it's in {en}.",
            "{en} is the language I reach for first now.",
            "Went all in on {en}, it's my primary language at this point.",
            "Day to day I code in {en}, that's my main one now.",
        ),
        "ru": (
            "Основной язык у меня сейчас — {en}.",
            "На {en} пишу практически всё, и по работе, и для себя.",
            "{en} — вот на чём я теперь пишу.",
            "Рабочий язык теперь {en}, и мне это нравится.",
            "Кодю в основном на {en}, уже который месяц.",
            "Если что, я сейчас в первую очередь {en}-разработчик.",
        ),
    },
    "editor": {
        "en": (
            "{en} is where I write all my code now.",
            "My editor of choice these days: {en}.",
            "I've settled on {en}, it's open on my screen all day.",
            "Ditched my old editor, {en} is what I code in now.",
            "Everything I write goes through {en} these days, it's my editor.",
            "Coding in {en} full time now, config finally dialed in.",
        ),
        "ru": (
            "Весь мой код сейчас живёт в {en}.",
            "Редактор у меня теперь {en}, настроен под себя.",
            "Сижу в {en} целыми днями, другого редактора не держу.",
            "Мой рабочий инструмент — {en}, без него никуда.",
            "{en} — вот мой редактор на каждый день.",
            "Код открываю только в {en}, это теперь мой основной редактор.",
        ),
    },
    "manager": {
        "en": (
            "{en} is who I report to now.",
            "New boss: {en}, goes by {alias}.",
            "Since the restructuring I've been reporting to {alias}, {en} on paper.",
            "Turns out my manager is {en} now, the org chart got reshuffled.",
            "Working under {en} these days, so far so good.",
            "{alias} is my manager now, {en} if you want the full name.",
        ),
        "ru": (
            "Надо мной теперь {nom}, для своих — {ralias}.",
            "С этой недели мой непосредственный руководитель — {nom}.",
            "Начальство у меня сменилось: теперь это {nom}.",
            "{ralias}, то есть {nom}, теперь мой босс.",
            "Руководит мной теперь {nom}, в команде все говорят просто {ralias}.",
            "После реорга мой руководитель — {nom}.",
        ),
    },
    "project_status": {
        "en": (
            "{project} is officially {en} now.",
            "Heads-up on {project}: current status is {en}.",
            "As of this morning {project} is {en}.",
            "Status check on {project}: {en}, as of today.",
            "FYI {project} is {en} at the moment, will keep you posted.",
            "For the record, {project} is {en} as we speak.",
        ),
        "ru": (
            "Статус проекта {project} обновился: {nom}.",
            "По проекту {project} коротко — он {nom}.",
            "Проект {project} на данный момент {nom}, держу в курсе.",
            "Апдейт: проект {project} теперь {nom}.",
            "Если кому интересно: {project} — {nom}, так и передайте.",
            "Итак, проект {project}: со вчерашнего дня он {nom}.",
        ),
    },
    "diet": {
        "en": (
            "These days I eat {en}, strictly.",
            "Eating {en} now, been sticking to it for a while.",
            "Switched my diet to {en} and it's going well.",
            "Cooking everything {en} these days, that's my diet now.",
            "My diet right now: {en}, no cheating.",
            "Been on a {en} diet for a few weeks and I'm keeping it.",
        ),
        "ru": (
            "Диета у меня сейчас {nom}, держусь уже пару недель.",
            "На данный момент у меня {nom} диета, строго.",
            "Сейчас для меня главное — {nom} диета, и я держусь.",
            "В холодильнике всё под мою диету, а она у меня сейчас {nom}.",
            "Ем теперь по правилам, диета — {nom}.",
            "Дома теперь всё готовим по-новому: диета {nom}, без исключений.",
        ),
    },
    "pet": {
        "en": (
            "{en} is our {x_sp} now, joined the family last weekend.",
            "Say hi to {en}, the {x_sp} we just brought home.",
            "We've got a {x_sp} now, {en} is the name.",
            "New family member: a {x_sp} called {en}.",
            "Our place has a {x_sp} in it now, {en}, and it already rules the house.",
            "Brought home a {x_sp} from the shelter, we named it {en}.",
        ),
        "ru": (
            "У нас теперь живёт {x_rsp} {nom}.",
            "{nom} — так зовут нашего нового питомца, это {x_rsp}.",
            "Дома пополнение: {x_rsp}, зовут {nom}.",
            "Теперь с нами живёт {x_rsp} по имени {nom}.",
            "Короче, мы взяли питомца: {x_rsp}, кличка — {nom}.",
            "Новый член семьи — {x_rsp} {nom}, спит на моей подушке.",
        ),
    },
}
