"""Word lists the extractor reads: gazetteers for values, cue words for attributes and subjects.

Values that NER cannot type (programming languages, editors, operating systems, phones, cars)
come from gazetteers; their category names the attribute ("I write everything in Rust" ->
programming_language). Cue words are lemmas, so every inflection and tense is covered by one entry.
"""

from __future__ import annotations

from memlab.lang.values import (  # re-exported: the extractor reads them from here
    _FORMS as _FORMS,
)
from memlab.lang.values import (
    CAR_BRANDS as CAR_BRANDS,
)
from memlab.lang.values import (
    CAR_BRANDS_RU as CAR_BRANDS_RU,
)
from memlab.lang.values import (
    CAR_MODELS_RU as CAR_MODELS_RU,
)
from memlab.lang.values import (
    CITY_ALIASES as CITY_ALIASES,
)
from memlab.lang.values import (
    DIETS as DIETS,
)
from memlab.lang.values import (
    FAVOURITE_NOUNS_RU as FAVOURITE_NOUNS_RU,
)
from memlab.lang.values import (
    NAME_FORMS as NAME_FORMS,
)
from memlab.lang.values import (
    TOOLS as TOOLS,
)
from memlab.lang.values import (
    forms_of as forms_of,
)

# gazetteer forms that are everyday words too ("on edge", "a story arc", "brave", "опера"): a value only when
# written with a capital
CAPITALS_ONLY = frozenset(
    ("arc", "brave", "edge", "opera", "safari", "chrome", "сафари", "опера", "equinox", "crunch", "world class",
     "зебра", "gold's", "gold 's", "the y", "nothing phone", "mac", "rider", "eclipse", "fleet")
)
# a place to train that a name follows ("a crossfit box called Iron Yard", "качалка «Атлант»")
GYM_NOUNS = frozenset("gym box dojo качалка спортзал фитнес-клуб".split())
# verbs of going to a gym: "I train at Gold's Gym", "тренируюсь в World Class", "качаюсь в «Зебре»"
GYM_VERBS = frozenset("train lift go join тренироваться качаться ходить заниматься перейти записаться".split())
# popular models said without their brand ("my beat-up 2009 Corolla"), capitalised and not opening a sentence
# (not the everyday words: Focus, Jazz, Leaf, Golf stays: "Golf" mid-sentence with a capital is the car)
CAR_MODELS_EN: dict[str, str] = {
    m.casefold(): m for m in (
        "Corolla Civic Golf Prius Octavia Fiesta Yaris Qashqai Outback Forester Impreza Camry RAV4 CR-V Micra "
        "Clio Megane Mustang Wrangler Passat Tiguan Astra Corsa Juke Kuga Sportage Tucson Elantra Accord Altima "
        "Sentra Tacoma Tundra Highlander Fabia Superb Kodiaq Enyaq Ioniq Polestar Cayenne Panda Punto Cherokee"
    ).split()
}  # fmt: skip


def ru_car(word: str, brands: bool = True) -> str | None:
    """The car a capitalised Russian word names in any case form: a model ("Гранте" -> "Лада Гранта",
    natasha and pymorphy3 read "грант") or a brand ("Мазде" -> "Мазда"); by the stem, a letter or
    two of ending after it."""
    if not word[:1].isupper():
        return None
    low = word.casefold()
    for table in (CAR_MODELS_RU, {b: b.capitalize() for b in CAR_BRANDS_RU} if brands else {}):
        for key, canon in table.items():
            # foreign names in -о / -е do not decline (Рено, Пежо, Шевроле): "Ренат" is no Renault
            stem = key[:-1] if key[-1] in "аяь" and len(key) >= 4 else key
            if low == key or low.startswith(stem) and 0 < len(low) - len(stem) <= 2 and low[len(stem) :].isalpha():
                if key == "поло" and low != key:
                    continue  # "Поле", "Полу" are other words; "Поло" does not decline
                return canon
    return None
# a phone or car named by brand + model keeps the model ("iPhone 15", "Tesla Model 3")
MODEL_WORDS = frozenset("pro max plus mini ultra model s x y 3 e".split())


# large Russian employers by the lemma of their usual name: natasha calls many of them LOC, and
# the dictionary does not know them, so "я в Сбере" could be a town ("я в Лимассоле") without this
RU_EMPLOYERS = frozenset(
    "сбер сбербанк тинькофф т-банк авито озон ozon яндекс вк мтс билайн мегафон газпром лукойл роснефть "
    "ростелеком касперский вайлдберриз wildberries втб альфа-банк райффайзен контур 2гис магнит x5 росатом "
    "ржд аэрофлот самокат сбермаркет купер ламода циан хэдхантер hh дром дикси пятёрочка пятерочка "
    "перекрёсток перекресток лента ашан леруа норникель северсталь сибур мвидео м.видео эльдорадо".split()
)


# Russian universities by their nicknames, written in lower case in chat ("учусь в вышке")
UNIVERSITY_NICKNAMES = frozenset("вышка бауманка плешка физтех керосинка политех".split())


# well-known employers in English chat (case-folded names): a move "to" one is a new job, not a town
EN_EMPLOYERS = frozenset(
    "tesco sainsbury's sainsburys asda morrisons aldi lidl waitrose ocado co-op iceland boots superdrug argos "
    "currys primark m&s marks greggs costa starbucks pret mcdonald's mcdonalds nando's kfc wetherspoons "
    "john lewis ikea b&q screwfix toolstation halfords wickes homebase next h&m zara amazon deliveroo "
    "uber ebay google meta facebook apple microsoft netflix spotify ibm oracle intel nvidia salesforce "
    "deloitte pwc kpmg ey accenture mckinsey bain bcg capgemini hsbc barclays lloyds natwest santander monzo "
    "revolut starling nationwide halifax aviva prudential jpmorgan goldman citi vodafone bt o2 ee sky virgin "
    "bbc itv nhs dpd dhl evri hermes fedex ups royal-mail network-rail tfl arriva stagecoach firstgroup "
    "rolls-royce bae airbus jaguar nissan toyota siemens unilever gsk astrazeneca pfizer shell bp "
    "ernst young sage arm ocado-technology".split()
)


def known_employer(lemma: str, form: str) -> bool:
    """A token (its ``lemma`` and lower-case ``form``) names one of the RU_EMPLOYERS."""
    return lemma in RU_EMPLOYERS or form in RU_EMPLOYERS


DIET_OF = {w: canon for canon, words in DIETS.items() for w in words}
# a diet named by what it leaves out: "gluten free", "без глютена" (lemmas and forms)
FREE_OF = {"gluten": "gluten-free", "глютен": "gluten-free", "глютена": "gluten-free",
           "dairy": "dairy-free", "лактоза": "lactose-free", "лактозы": "lactose-free", "lactose": "lactose-free"}  # fmt: skip

# relation nouns (lemmas) -> the relation's English name; roles that are themselves a fact of the
# owner ("my wife Elena" -> spouse = Elena) are in RELATION_FACTS
RELATIONS: dict[str, str] = {
    **{w: w for w in (
        "sister brother wife husband partner girlfriend boyfriend mother father son daughter uncle aunt "
        "cousin grandmother grandfather friend colleague coworker neighbour neighbor roommate flatmate boss "
        "manager mentor fiance fiancee niece nephew grandson granddaughter"
    ).split()},
    "grandchild": "grandchild", "grandkid": "grandchild", "внук": "grandson", "внучка": "granddaughter",
    "parent": "parents", "parents": "parents", "родитель": "parents", "родители": "parents",
    "mom": "mother", "mum": "mother", "mommy": "mother", "dad": "father", "daddy": "father",
    "grandma": "grandmother", "granny": "grandmother", "grandpa": "grandfather", "co-worker": "coworker", "boss": "manager",
    "teammate": "colleague", "bestie": "friend", "supervisor": "manager", "lead": "manager",
    "grandad": "grandfather", "granddad": "grandfather", "gran": "grandmother", "nan": "grandmother",
    "nana": "grandmother", "nanna": "grandmother", "hubby": "husband",
    "mother-in-law": "mother-in-law", "father-in-law": "father-in-law", "sister-in-law": "sister-in-law",
    "brother-in-law": "brother-in-law", "stepmom": "stepmother", "stepdad": "stepfather",
    "stepmum": "stepmother", "stepmother": "stepmother", "stepfather": "stepfather", "stepson": "stepson",
    "stepdaughter": "stepdaughter", "son-in-law": "son-in-law", "daughter-in-law": "daughter-in-law",
    "housemate": "flatmate", "зять": "son-in-law", "сноха": "daughter-in-law", "отчим": "stepfather",
    "мачеха": "stepmother", "пасынок": "stepson", "падчерица": "stepdaughter", "племяш": "nephew",
    "племяшка": "niece",
    "team-lead": "manager", "tech-lead": "manager",
    "сестра": "sister", "брат": "brother", "жена": "wife", "муж": "husband", "партнёр": "partner",
    "партнер": "partner", "девушка": "girlfriend", "парень": "boyfriend", "мама": "mother", "мать": "mother",
    "папа": "father", "отец": "father", "сын": "son", "дочь": "daughter", "дочка": "daughter", "дядя": "uncle",
    "тётя": "aunt", "тетя": "aunt", "бабушка": "grandmother", "дедушка": "grandfather", "дед": "grandfather",
    "друг": "friend", "подруга": "friend", "коллега": "colleague", "сосед": "neighbour", "соседка": "neighbour",
    "начальник": "manager", "начальница": "manager", "руководитель": "manager", "шеф": "manager",
    "заведующий": "manager", "заведующая": "manager", "завотделением": "manager", "завкафедрой": "manager",
    "босс": "manager", "тимлид": "manager", "менеджер": "manager", "племянник": "nephew", "племянница": "niece",
    "кузен": "cousin", "кузина": "cousin", "жених": "fiance", "невеста": "fiancee",
    "свекровь": "mother-in-law", "тёща": "mother-in-law", "теща": "mother-in-law", "свёкор": "father-in-law",
    "свекор": "father-in-law", "тесть": "father-in-law", "золовка": "sister-in-law", "невестка": "sister-in-law",
    "шурин": "brother-in-law", "деверь": "brother-in-law",
    # colloquial and diminutive forms of chat Russian
    "бабуля": "grandmother", "бабуленька": "grandmother", "дедуля": "grandfather", "мамуля": "mother",
    "папуля": "father", "батя": "father", "сестрёнка": "sister", "сестренка": "sister", "сеструха": "sister",
    "братишка": "brother", "братик": "brother", "подружка": "friend", "дочурка": "daughter", "сынок": "son",
    "сынишка": "son", "муженёк": "husband", "крёстная": "godmother", "крестная": "godmother",
    "крёстный": "godfather", "крестный": "godfather", "godmother": "godmother", "godfather": "godfather",
    "однокурсник": "classmate", "однокурсница": "classmate", "одноклассник": "classmate",
    "одноклассница": "classmate", "classmate": "classmate",
}  # fmt: skip
# titles said with what they head: "head of data", "VP of engineering", "director of sales"
OF_TITLES = frozenset("head director vp chief dean president".split())
RELATION_FACTS = {
    "manager": "manager", "boss": "manager", "wife": "spouse", "husband": "spouse",
    "partner": "partner", "girlfriend": "partner", "boyfriend": "partner", "fiance": "partner", "fiancee": "partner",
    "mentor": "mentor",
}  # fmt: skip
PETS: dict[str, str] = {
    "dog": "dog", "puppy": "dog", "pup": "dog", "cat": "cat", "kitten": "cat", "kitty": "cat", "parrot": "parrot",
    "hamster": "hamster", "rabbit": "rabbit", "bunny": "rabbit", "turtle": "turtle", "tortoise": "turtle",
    # breeds name the species: "a corgi named Waffles", "щенка корги"
    "beagle": "dog", "corgi": "dog", "labrador": "dog", "poodle": "dog", "husky": "dog", "pug": "dog",
    "dachshund": "dog", "terrier": "dog", "retriever": "dog", "collie": "dog", "bulldog": "dog", "chihuahua": "dog",
    "greyhound": "dog", "whippet": "dog", "spaniel": "dog", "schnauzer": "dog", "dalmatian": "dog", "shiba": "dog",
    "doodle": "dog", "goldendoodle": "dog", "labradoodle": "dog", "tabby": "cat", "siamese": "cat",
    "budgie": "parrot", "cockatiel": "parrot", "parakeet": "parrot", "gecko": "lizard", "lizard": "lizard",
    "iguana": "lizard", "snake": "snake", "ferret": "ferret", "goldfish": "fish", "betta": "fish",
    "корги": "dog", "хаски": "dog", "мопс": "dog", "такса": "dog", "лабрадор": "dog", "бигль": "dog",
    "овчарка": "dog", "спаниель": "dog", "шпиц": "dog", "терьер": "dog", "дворняга": "dog", "мейн-кун": "cat",
    "сфинкс": "cat", "британец": "cat", "котик": "cat", "кошечка": "cat", "котейка": "cat", "собачка": "dog", "пёсик": "dog", "песик": "dog",
    "пёсель": "dog", "песель": "dog", "попугайчик": "parrot", "хорёк": "ferret", "хорек": "ferret",
    "рыбка": "fish", "ящерица": "lizard", "морская свинка": "guinea pig", "свинка": "guinea pig",
    "собака": "dog", "пёс": "dog", "пес": "dog", "щенок": "dog", "кошка": "cat", "кот": "cat", "котёнок": "cat",
    "котенок": "cat", "попугай": "parrot", "хомяк": "hamster", "кролик": "rabbit", "черепаха": "turtle",
    "chinchilla": "chinchilla", "hedgehog": "hedgehog", "guinea pig": "guinea pig",
    "шиншилла": "chinchilla", "крыса": "rat", "крыска": "rat", "ёжик": "hedgehog", "ежик": "hedgehog",
    "хомячок": "hamster", "черепашка": "turtle", "крольчиха": "rabbit", "кошак": "cat", "котяра": "cat",
    "сиба-ину": "dog", "шиба-ину": "dog", "акита-ину": "dog", "пудель": "dog", "бульдог": "dog", "ретривер": "dog",
    "чихуахуа": "dog", "йорк": "dog", "той-терьер": "dog", "доберман": "dog", "ротвейлер": "dog", "лайка": "dog",
    "джек-рассел": "dog", "далматинец": "dog", "хаска": "dog", "щеночек": "dog",
}  # fmt: skip

# "my favourite band is X", "my phone is X", "мой телефон — X": the noun names the attribute
ATTRIBUTE_NOUNS: dict[str, str] = {
    "editor": "editor", "ide": "editor", "language": "programming_language", "os": "operating_system",
    "phone": "phone", "car": "car", "team": "team", "name": "name", "database": "database", "db": "database",
    "diet": "diet", "city": "city", "hometown": "city", "home": "city", "employer": "employer",
    "company": "employer", "job": "job_title", "title": "job_title", "role": "job_title", "position": "job_title",
    "редактор": "editor", "язык": "programming_language", "телефон": "phone", "машина": "car",
    "автомобиль": "car", "тачка": "car", "команда": "team", "имя": "name", "город": "city", "база": "database",
    "sport": "sport", "hobby": "hobby", "thing": "hobby", "instrument": "instrument",
    "компания": "employer", "должность": "job_title", "работа": "employer", "дом": "city",
    "руководитель": "manager", "начальник": "manager",
    "usual": "usual_order", "order": "usual_order", "go-to": "usual_order", "gym": "gym",
    "browser": "browser", "браузер": "browser", "хобби": "hobby", "увлечение": "hobby",
}  # fmt: skip
# "my coffee order", "my usual order": an order is a standing one only with one of these
ORDER_WORDS = frozenset("coffee drink tea usual standing regular morning cafe café".split())
NATIVE = frozenset("native first mother родной".split())
UNITS = frozenset(
    "min mins minute minutes hour hours hrs km kms miles mile percent % dollars bucks euros kg kilos lbs pounds "
    "times people steps floors days weeks months метров минут часов км рублей раз".split()
)
# "for a month", "for years": the length of a state (a past one with a length is over)
DURATION_UNITS = frozenset("day week month year decade while summer winter semester term день неделя месяц год".split())
# a work of fiction a sentence may be set in ("in the show, ...", "в сериале ...")
STORY_NOUNS = frozenset(
    "show series sitcom film movie book novel story game episode anime manga cartoon play comic fic fanfic "
    "фильм сериал книга роман рассказ игра серия аниме манга мультик мультфильм пьеса комикс сказка".split()
)
FAVOURITE = frozenset("favorite favourite fave preferred любимый любимая любимое".split())
FAVOURITE_NOUNS_EN_RU = {en: ru for ru, en in reversed(FAVOURITE_NOUNS_RU.items())}  # the first Russian noun
# a favourite one of these is named by a title of several words ("The Name of the Wind")
TITLED = frozenset("book novel movie film song album show series game podcast play musical".split())

# job nouns: a person who "is a" one of these has a job title (the whole noun phrase is the value)
JOB_HEADS = frozenset(
    "barrister cleaner gp машинист машинистка заведующий заведующая продавец продавщица дворник эйчар стилист "
    "engineer developer programmer designer manager lead scientist analyst architect consultant teacher nurse "
    "doctor pilot barista translator writer editor lawyer accountant researcher professor intern assistant "
    "founder cofounder co-founder cto ceo cfo director head admin administrator tester chef cook driver mechanic electrician plumber "
    "artist photographer journalist marketer recruiter devops sre dentist therapist pharmacist librarian "
    "freelancer contractor owner officer specialist technician waiter waitress cashier coach trainer "
    "инженер разработчик программист дизайнер менеджер тимлид аналитик архитектор консультант учитель "
    "учительница врач медсестра пилот бариста переводчик переводчица писатель юрист бухгалтер исследователь "
    "профессор стажёр стажер основатель директор админ администратор тестировщик "
    "тестировщица повар водитель механик художник фотограф журналист маркетолог рекрутер девопс стоматолог "
    "фрилансер владелец продакт продакт-менеджер лид сммщик преподаватель преподавательница "
    "сайентист саентист шеф су-шеф ветеринар лётчик летчик архитекторка дизайнерка врачиха медбрат "
    "vet veterinarian paramedic firefighter electrician carpenter baker butcher tailor midwife surgeon nanny "
    "realtor courier detective acupuncturist physiotherapist physio optometrist hairdresser barber "
    "акушерка хирург няня риелтор курьер парикмахер репетитор "
    # feminine forms: "теперь я фронтенд-разработчица"
    "разработчица программистка журналистка юристка художница писательница стажёрка стажерка фрилансерка "
    # grades of a developer, said as the job: "я джун во фронтенде", "перевели в мидлы"
    "джун мидл сеньор синьор пасечник пчеловод "
    # chat shorthands and trades: "a backend dev", "я бэкендер", "фельдшер скорой"
    "dev sysadmin qa pm paralegal attorney solicitor бэкендер фронтендер фулстекер фуллстекер тестер сисадмин фельдшер пожарный "
    # more occupations, unambiguous as nouns (not judge, principal, producer, painter: other senses first)
    "radiographer sonographer radiologist anesthesiologist anaesthetist cardiologist psychologist psychiatrist "
    "pediatrician paediatrician dietitian nutritionist optician dermatologist neurologist physician medic emt "
    "hygienist orthodontist biologist chemist physicist mathematician statistician economist actuary auditor "
    "banker trader broker clerk secretary receptionist janitor gardener farmer welder machinist bricklayer "
    "roofer plasterer locksmith surveyor draftsman copywriter proofreader illustrator animator musician "
    "composer singer actor actress dancer choreographer screenwriter filmmaker videographer tutor lecturer "
    "instructor counselor counsellor caregiver carer technologist coder moderator sommelier bartender "
    "chauffeur trucker dispatcher postman mailman soldier policeman notary diplomat reporter publisher "
    "archivist curator archaeologist historian geologist botanist ecologist agronomist housekeeper babysitter "
    "stewardess sailor navigator strategist coordinator underwriter appraiser inspector investigator "
    "entrepreneur executive supervisor foreman programer headteacher schoolteacher bookkeeper shopkeeper "
    "главбух завуч "
    "рентгенолог психолог психиатр педиатр терапевт психотерапевт диетолог нутрициолог окулист офтальмолог "
    "дерматолог кардиолог невролог уролог гинеколог биолог химик физик математик экономист аудитор банкир "
    "трейдер брокер кассир кассирша секретарь секретарша уборщица садовник фермер сварщик слесарь токарь "
    "электрик сантехник плотник столяр каменщик маляр штукатур инспектор копирайтер редактор корректор "
    "иллюстратор аниматор музыкант композитор певица певец актёр актер актриса танцор танцовщица хореограф "
    "сценарист режиссёр режиссер видеограф репетитор лектор инструктор тренер воспитатель воспитательница "
    "соцработник сиделка фармацевт провизор технолог модератор сомелье бармен официант официантка охранник "
    "таксист дальнобойщик диспетчер почтальон полицейский следователь нотариус дипломат издатель "
    "библиотекарь архивист куратор археолог историк геолог эколог агроном ортодонт медик горничная "
    "стюардесса бортпроводник бортпроводница моряк штурман логист методист экспедитор оценщик предприниматель "
    "прораб верстальщик верстальщица монтажёр монтажер звукорежиссёр звукорежиссер геймдизайнер кондитер пекарь "
    "портной швея визажист косметолог массажист массажистка "
    # a wider gazetteer of occupations (issue 10, eleventh round: blind sets name jobs the lists lacked;
    # not mason, porter, usher: names first; not collector, handler, picker, controller: other senses)
    "adjuster apprentice arborist astronomer attendant auctioneer bailiff beautician beekeeper blacksmith "
    "boilermaker bouncer broadcaster builder cabinetmaker caretaker cartographer caterer chaplain childminder "
    "chiropodist chiropractor clinician columnist comedian conservator constable correspondent croupier "
    "custodian decorator dietician docker doorman draughtsman drafter embalmer engraver estimator examiner "
    "farmhand fishmonger fisherman fitter florist forester geneticist glazier groundskeeper groundsman handyman "
    "headmaster headmistress housemaster interpreter jeweller jeweler joiner labourer laborer landscaper "
    "lifeguard linguist magistrate manicurist masseur masseuse merchandiser meteorologist microbiologist miner "
    "mortician negotiator neurosurgeon newsreader obstetrician oncologist operator orderly osteopath packer "
    "pathologist pharmacologist phlebotomist podiatrist policewoman postwoman postie priest psychotherapist "
    "publican purser rabbi ranger registrar salesman saleswoman salesperson scaffolder sculptor seamstress "
    "shepherd signaller steward stockbroker storekeeper tattooist taxidermist teller tiler toolmaker tradesman "
    "typist undertaker upholsterer valuer vicar warden zookeeper lineman electrotechnician "
    "операционист операционистка электромонтёр электромонтер электромонтажник монтажник монтажница сварщица "
    "фрезеровщик фрезеровщица шлифовщик станочник станочница наладчик наладчица сборщик сборщица упаковщик "
    "упаковщица грузчик кладовщик кладовщица комплектовщик комплектовщица проводник проводница стюард шахтёр "
    "шахтер горняк нефтяник буровик вахтовик геодезист маркшейдер строитель бетонщик плиточник кровельщик "
    "газовщик энергетик теплотехник конструктор проектировщик сисадминка пиарщик пиарщица таргетолог репортёр "
    "репортер фотографиня оператор операторка продюсер педагог гувернантка логопед дефектолог директриса "
    "ортопед хирургиня травматолог анестезиолог реаниматолог эндокринолог онколог лор отоларинголог "
    "невропатолог фельдшерица санитар санитарка акушер лаборант лаборантка ветврач зоотехник фермерша "
    "животновод доярка тракторист комбайнёр комбайнер повариха барменша хостес уборщик клинер дворничиха сторож "
    "вахтёр вахтер вахтёрша вахтерша консьерж консьержка мерчендайзер товаровед закупщик закупщица байер "
    "бухгалтерша финансист казначей адвокат прокурор участковый пограничник таможенник чиновник госслужащий "
    "ассистент ассистентка референт делопроизводитель кадровик кадровичка риэлтор риелторша страховщик "
    "маникюрша парикмахерша портниха закройщик закройщица сапожник ювелир часовщик автомеханик автослесарь "
    "шиномонтажник жестянщик электронщик экскурсовод гид смотритель смотрительница учёный ученый аспирант "
    "аспирантка доцент ректор декан священник бригадир супервайзер координатор мастер спасатель кинолог "
    "ландшафтник флорист флористка швейцар охранница телефонистка оператор-кассир машинист-оператор "
    "водитель-экспедитор продавец-кассир продавец-консультант инженер-конструктор инженер-технолог "
    .split()
)
# a title said as its initials alone, spelled out
JOB_SHORTHANDS = {"PM": "product manager", "TPM": "technical program manager", "EM": "engineering manager"}
# English nationality adjectives the small model's NER often misses ("I'm Welsh"): a nationality, never a name
NATIONALITIES_EN = frozenset(
    """welsh scottish irish english british american canadian australian brazilian mexican argentinian
    chilean colombian peruvian cuban jamaican nigerian ghanaian kenyan ethiopian egyptian moroccan
    south african french german italian spanish portuguese dutch belgian swiss austrian polish czech
    slovak hungarian romanian bulgarian greek turkish serbian croatian bosnian slovenian ukrainian
    russian belarusian lithuanian latvian estonian finnish swedish norwegian danish icelandic
    israeli iranian iraqi syrian lebanese saudi emirati pakistani indian bangladeshi nepali sri lankan
    chinese japanese korean vietnamese thai filipino indonesian malaysian singaporean kiwi""".split()
)
# Russian demonyms (masculine and feminine lemmas): "я казашка", "Инес португалка" -> nationality
NATIONALITIES_RU = frozenset(
    """русский русская татарин татарка казах казашка узбек узбечка украинец украинка белорус белоруска
    армянин армянка грузин грузинка азербайджанец азербайджанка киргиз киргизка таджик таджичка башкир
    башкирка чуваш чувашка якут якутка бурят бурятка чеченец чеченка осетин осетинка еврей еврейка
    немец немка француз француженка итальянец итальянка испанец испанка португалец португалка англичанин
    англичанка американец американка канадец канадка мексиканец мексиканка бразилец бразильянка
    аргентинец аргентинка японец японка китаец китаянка кореец кореянка индиец индианка турок турчанка
    грек гречанка поляк полька чех чешка серб сербка болгарин болгарка литовец литовка латыш латышка
    эстонец эстонка финн финка швед шведка норвежец норвежка датчанин датчанка голландец голландка
    ирландец ирландка шотландец шотландка израильтянин израильтянка молдаванин молдаванка""".split()
)
# languages one learns ("learning Japanese", "учу сербский"): English names, Russian adjective lemmas
LANGUAGES = frozenset(
    """english spanish french german italian portuguese japanese korean chinese mandarin cantonese arabic
    hebrew russian ukrainian polish czech dutch swedish norwegian danish finnish greek turkish hindi serbian
    croatian vietnamese thai indonesian georgian armenian latin esperanto icelandic hungarian romanian
    tagalog filipino welsh irish gaelic catalan basque bengali urdu punjabi tamil telugu marathi gujarati swahili
    yoruba igbo hausa amharic somali persian farsi malay slovak slovenian bulgarian lithuanian latvian estonian
    albanian macedonian bosnian belarusian kazakh uzbek azerbaijani mongolian nepali sinhala khmer lao burmese
    afrikaans zulu xhosa
    английский испанский французский немецкий итальянский португальский японский корейский китайский
    арабский иврит русский украинский польский чешский нидерландский шведский норвежский датский финский
    греческий турецкий хинди сербский хорватский вьетнамский тайский грузинский армянский латынь
    эсперанто исландский венгерский румынский""".split()
)
LEARN_VERBS = frozenset("learn study practice учить изучать выучить подтягивать заниматься".split())
# a student is at a university, not an employer, and has no job title ("a PhD student at Oxford",
# "a Michigan student", "студентка МГУ"): these are not JOB_HEADS
STUDENT_WORDS = frozenset("student undergrad undergraduate freshman sophomore студент студентка магистрант магистрантка аспирант аспирантка".split())
SCHOOL_NOUNS = frozenset("university uni college institute school academy conservatory polytechnic".split())
# apps and services one "moves to" that are no town (the tool gazetteer holds the developer tools)
APP_NAMES = frozenset(
    "whatsapp signal telegram viber slack discord teams zoom skype intercom zendesk freshdesk notion evernote "
    "obsidian trello asana jira confluence clickup monday airtable salesforce hubspot spotify deezer tidal netflix "
    "hulu substack medium mastodon bluesky threads instagram tiktok facebook snapchat reddit linkedin duolingo "
    "strava revolut monzo venmo paypal shopify squarespace wix wordpress canva figma miro dropbox onedrive".split()
)
ORDINALS = frozenset("first second third fourth fifth final last 1st 2nd 3rd 4th 5th".split())
RU_ORDINALS = frozenset("первый второй третий четвёртый четвертый пятый шестой седьмой".split())
DEGREE_STAGES = frozenset("магистратура аспирантура бакалавриат докторантура".split())
INSTRUMENTS = frozenset(
    "guitar piano violin cello drums drum trumpet saxophone sax bass flute clarinet ukulele harp trombone keyboard "
    "гитара пианино фортепиано скрипка виолончель барабаны труба саксофон флейта укулеле барабан бас альт "
    "клавишные синтезатор балалайка баян аккордеон арфа "
    "bassoon oboe tuba harmonica banjo mandolin accordion bagpipes viola euphonium cornet sitar synth synthesizer "
    "гобой фагот туба домра гусли мандолина банджо контрабас кларнет тромбон гармонь гармошка "
    "электрогитара бас-гитара".split()
)
# the name an instrument goes by when its lemma is another form ("на барабанах" -> барабаны)
INSTRUMENT_NAMES = {"барабан": "барабаны", "бас": "бас-гитара", "drum": "drums"}


def instrument_name(lemma: str) -> str:
    """The name an instrument goes by, from its lemma ("барабан" -> "барабаны")."""
    return INSTRUMENT_NAMES.get(lemma, lemma)
# games the labelled sets call a hobby, not a sport ("chess is my thing", «по вечерам шахматы»)
BOARD_GAMES = frozenset("chess шахматы шашки poker покер".split())
SPORTS = frozenset(
    "hockey football soccer tennis basketball volleyball chess golf baseball rugby squash badminton cricket "
    "climbing bouldering running swimming boxing judo karate yoga crossfit cycling skiing snowboarding "
    "rowing surfing fencing pilates lacrosse handball pickleball padel archery wrestling kickboxing "
    "хоккей футбол теннис баскетбол волейбол шахматы гольф бокс дзюдо карате йога плавание бег лыжи "
    "скалолазание сквош бадминтон самбо sambo муай-тай тхэквондо taekwondo айкидо aikido кроссфит фехтование "
    "регби rugby гребля триатлон triathlon керлинг curling".split()
)

# verbs that give a value up: "sold the Civic", "снёс винду" (its object is the old value)
DROP_VERBS = frozenset(
    "sell sold wipe wiped quit leave left drop dropped ditch ditched uninstall uninstalled dump dumped replace "
    "replaced abandon retire trade traded remove removed delete deleted scrap scrapped cancel cancelled "
    "canceled продать снести удалить бросить уйти сменить поменять выкинуть забросить отдать".split()
)
FIRST_PERSON = frozenset("i i'm im my me mine we я меня мне мой моя моё мое мои мы".split())

# -- modality and time cues (lemmas / lower-case words) --------------------------------------------
NEGATIONS = frozenset(
    "not n't never no nobody nothing neither nor hardly не нет ни никогда "
    "никакой никакого никакая никакую никакие никаких никакому никаким".split()  # "никакого Python": none of it
)
# a role noun whose set phrase names no manager: "классный руководитель" is a form teacher
NOT_A_MANAGER = ("классный руководитель", "классная руководительница", "классного руководителя", "классной руководительницы")
NO_LONGER = ("anymore", "any more", "no longer", "больше не", "уже не", "бывший", "бывшая")
MODALS = frozenset("would could might may should must shall 'd wo ca".split())
FUTURE_AUX = frozenset("will 'll shall wo".split())
HYPOTHETICAL_MARKS = frozenset("if unless whether если бы б".split())
# verbs under which a clause is not a current fact (wishes, plans, reports, questions)
NONFACT_HEADS = frozenset(
    "wish imagine want plan hope intend consider think dream try attempt going gon need expect suppose "
    "wonder ask guess bet say tell claim write mean decide promise aim apply interview "
    "хотеть мечтать планировать собираться думать надеяться представить пытаться попробовать решить "
    "сказать говорить спросить написать обещать подумывать намереваться искать".split()
)
FUTURE_TIME = (
    "next week",
    "next month",
    "next year",
    "next spring",
    "next summer",
    "next fall",
    "next autumn",
    "next winter",
    "tomorrow",
    "soon",
    "in a week",
    "in a month",
    "later this",
    "on monday",
    "on tuesday",
    "on wednesday",
    "on thursday",
    "on friday",
    "start date",
    "starting next",
    "this year",
    "в следующем",
    "на следующей",
    "через ",
    "завтра",
    "скоро",
    "со следующего",
    "в будущем",
)
NOT_REAL = (
    "in another life", "in a parallel universe", "in my dreams", "imagine ", "в другой жизни", "представь",
    "мечтаю", " бы ", " будь у ", " была бы ", " был бы ",
)  # fmt: skip
PAST_TIME = (
    "used to",
    "for a decade",
    "years ago",
    "in college",
    "in school",
    "growing up",
    "as a kid",
    "back then",
    "in my twenties",
    "when i was",
    "for like",
    "раньше",
    "в детстве",
    "когда-то",
    "в студенчестве",
    "в юности",
    "лет назад",
    "в прошлом году работал",
    "в школе",
    "до этого",
)
# of these a past verb makes a past state ("worked there for a decade"); without one the state
# goes on ("Emacs user for a decade"); so of "в школе" ("учитель в школе" works there now)
PAST_DURATIONS = ("for a decade", "for like", "в школе")

# project status words ("project Atlas is shipped", "проект Atlas завершён")
STATUS_WORDS = frozenset(
    "done finished complete completed shipped launched live released paused blocked delayed cancelled canceled "
    "abandoned started завершён завершен закрыт запущен отменён отменен заморожен приостановлен сдан готов "
    "заблокирован".split()
)
STATUS_PHRASES = (
    "on hold",
    "in progress",
    "in planning",
    "in beta",
    "in alpha",
    "in review",
    "in testing",
    "in development",
    "in production",
    "в работе",
    "на планировании",
    "в бете",
    "в разработке",
    "в тестировании",
    "на паузе",
    "в продакшене",
)
DIET_NOUNS = frozenset({"diet", "диета"})
HOME_NOUNS = frozenset({"lease", "apartment", "flat", "place", "house", "квартира", "дом"})



# countries (lower case, "ё" as "е"): a place after "live in" / "жить в" that is one of these is the
# country, not the city ("я сейчас в Грузии, в Тбилиси")
COUNTRIES = frozenset(
    """germany france spain portugal italy netherlands holland belgium austria switzerland poland czechia
    sweden norway finland denmark iceland ireland uk england scotland wales britain usa us america canada
    mexico brazil argentina chile colombia peru japan china korea india thailand vietnam indonesia
    malaysia philippines australia zealand turkey greece cyprus israel egypt morocco
    armenia azerbaijan kazakhstan uzbekistan kyrgyzstan serbia montenegro croatia slovenia hungary
    romania bulgaria ukraine belarus russia latvia lithuania estonia moldova uae
    германия франция испания португалия италия нидерланды голландия бельгия австрия швейцария польша
    чехия швеция норвегия финляндия дания исландия ирландия англия великобритания британия шотландия
    сша америка канада мексика бразилия аргентина чили колумбия япония китай корея индия таиланд тайланд
    вьетнам индонезия малайзия филиппины австралия турция греция кипр израиль египет марокко
    грузия армения азербайджан казахстан узбекистан киргизия кыргызстан сербия черногория хорватия
    словения венгрия румыния болгария украина беларусь белоруссия россия латвия литва эстония молдова
    молдавия оаэ эмираты""".split()
) | frozenset(("new zealand", "south korea", "united states", "united kingdom", "czech republic", "the us", "the uk",
               "the netherlands", "новая зеландия", "южная корея", "соединенные штаты"))

# cities chat writes in lower case ("moved to berlin", "teacher in melbourne"): restored to capitals after a
# preposition before parsing (nlp.normalize_en). Not the ones that are everyday words too (Nice, Reading, Bath,
# Split, Mobile, Orange, Sale, Wells), which stay unread in lower case.
LOWER_CASE_CITIES = frozenset(
    """london paris berlin madrid barcelona lisbon porto rome milan naples turin florence venice vienna prague
    budapest warsaw krakow amsterdam rotterdam brussels antwerp copenhagen stockholm oslo helsinki dublin cork
    galway edinburgh glasgow manchester liverpool leeds sheffield bristol birmingham newcastle nottingham
    leicester cardiff belfast brighton oxford cambridge york norwich exeter southampton plymouth aberdeen dundee
    munich hamburg frankfurt cologne stuttgart dresden leipzig zurich geneva basel lyon marseille toulouse
    bordeaux nantes lille athens istanbul ankara kyiv kiev lviv odesa riga tallinn vilnius bucharest sofia
    belgrade zagreb ljubljana tbilisi yerevan baku moscow tokyo osaka kyoto seoul busan beijing shanghai
    shenzhen taipei singapore bangkok manila jakarta hanoi delhi mumbai bangalore bengaluru chennai hyderabad
    pune kolkata karachi lahore dubai doha riyadh cairo nairobi lagos accra johannesburg durban sydney melbourne
    brisbane perth adelaide auckland wellington toronto montreal vancouver calgary ottawa edmonton winnipeg
    halifax seattle portland chicago boston philadelphia denver austin houston dallas atlanta miami detroit
    minneapolis phoenix nashville pittsburgh baltimore sacramento honolulu""".split()
) | frozenset(("new york", "san francisco", "los angeles", "san diego", "las vegas", "hong kong", "tel aviv",
               "cape town", "buenos aires", "mexico city", "kuala lumpur", "salt lake city", "new delhi"))
# a city's people: "guess I'm a Londoner now" says where the speaker lives (and names nobody)
DEMONYMS = {
    "londoner": "London", "new yorker": "New York", "berliner": "Berlin", "muscovite": "Moscow", "glaswegian": "Glasgow",
    "mancunian": "Manchester", "liverpudlian": "Liverpool", "scouser": "Liverpool", "dubliner": "Dublin",
    "parisian": "Paris", "torontonian": "Toronto", "melburnian": "Melbourne", "sydneysider": "Sydney",
    "bostonian": "Boston", "angeleno": "Los Angeles", "chicagoan": "Chicago", "edinburgher": "Edinburgh",
}  # fmt: skip

# drinks one orders at a café (one word, or the first word of two: "flat white", "cold brew")
DRINKS = frozenset(
    "espresso americano latte cappuccino cortado macchiato mocha flat cold matcha chai frappuccino doppio ristretto "
    "эспрессо американо латте капучино кортадо макиато маккиато мокко раф флэт флет матча".split()
)
DRINK_SECOND_WORDS = {"flat": "white", "cold": "brew", "флэт": "уайт", "флет": "уайт"}

# what a team is called at work: "the payments squad", "the data team", "команда платежей"
TEAM_NOUNS = frozenset("team squad tribe pod команда".split())

# stance adverbs that open a clause and are never part of a value: "honestly pizza is my favourite"
STANCE_WORDS = frozenset(
    "honestly lowkey literally basically probably definitely just really actually totally seriously genuinely "
    "obviously clearly apparently tbh ngl imo честно реально короче вообще типа прям".split()
)
