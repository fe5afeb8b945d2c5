"""Check statements_dev19.jsonl and update_scenarios_dev19.jsonl.

Run from datasets/statements:  python3 src_dev19/validate_dev19.py [--similar]
--similar prints, per language, pairs of texts (messages, scenario turns, questions) whose
difflib ratio is > 0.55 or that open with the same two words. Standard library only.
"""
import difflib
import json
import os
import re
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = os.path.dirname(HERE)
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

import scen_en, scen_ru  # noqa: E402  (only for the update/control kind)

CATEGORIES = ["first_person", "third_party", "mixed", "negated", "hypothetical", "question",
              "plan", "quoted", "chitchat", "past", "third_party_nonfact"]
FACT_CATS = {"first_person", "third_party", "mixed"}
ATTRIBUTES = {
    "city", "employer", "job_title", "manager", "programming_language", "editor", "diet",
    "operating_system", "partner", "age", "car", "pet_dog", "pet_cat", "spouse", "phone", "team",
    "sport", "university", "hobby", "instrument", "name", "database", "favorite_band",
    "native_language", "birthday", "nationality", "pet_parrot", "degree", "favorite_food",
    # open attributes added in dev17 (plain snake_case names)
    "commute", "allergy", "gym", "football_team", "pet_rabbit", "pet_tortoise",
    # open attributes added in dev18 (plain snake_case names)
    "spoken_language", "child", "school",
    # open attributes added in dev19 (plain snake_case names)
    "hometown", "club", "pet_hamster",
}
SPLITS = ("dev19", "test19")
N_PER_LANG = 80
CAT_COUNTS = {"first_person": 28, "third_party": 10, "mixed": 8, "negated": 6, "hypothetical": 4,
              "question": 4, "plan": 4, "quoted": 4, "chitchat": 6, "past": 4,
              "third_party_nonfact": 2}
SINGLE = {"city", "employer", "job_title", "manager", "age", "name", "partner", "spouse", "phone",
          "diet", "university", "birthday", "team", "degree", "nationality", "operating_system",
          "gym", "football_team", "school", "hometown"}
DIETS = {"vegetarian", "vegan", "keto", "pescatarian", "gluten-free", "Mediterranean"}
ST_KEYS = ["id", "lang", "speaker", "text", "category", "facts", "split"]
SC_KEYS = ["id", "lang", "turns", "question", "asker", "current", "stale", "split"]
MIN_NOFACT = 0.35
# Names, places, employers and tools that README.md, README_dev15.md or the dev16 brief mention
# (plus the dev15 list, which covered README.md, README_dev14.md and the dev15 brief), extended in
# dev17 with those of README_dev16.md, the dev16 rows shown by `head -3` and the dev17 brief, and in
# dev18 with those of README.md, README_dev17.md, the dev17 rows shown by `head -3` and the dev18
# brief, and in dev19 with those of README.md, README_dev18.md, the dev18 rows shown by `head -3`
# and the dev19 brief; dev19 must not reuse them. BANNED: case-sensitive substrings. BANNED_WORD: whole words (short or common).
BANNED = [
    # carried over from the dev15 validator
    "Paris", "Lyon", "Lisbon", "Kyiv", "Berlin", "Oslo", "Datadog", "Stripe", "Яндекс", "Касперск",
    "Самар", "Казан", "Питер", "Oleg", "Sofia", "Kostya", "Initech", "Kendal", "Balfour", "Norwich",
    "Lancaster", "Калуг", "Тюмен", "Челяб", "Рязан", "Monzo", "Aviva", "Россет", "Оракл", "Delphine",
    "Альфа", "Ubuntu", "Hull", "МГУ", "Loughborough", "Derby", "Deloitte", "PwC", "Пенз", "Саранск",
    "Додо", "Nottingham", "Серёг", "Наташк", "Олеськ", "Племяш", "Вышк", "Норникел", "ВТБ", "Callum",
    "Tilly", "Aoife", "Тимур", "Тимофе", "Marguerite", "Anand", "Kwame", "Tobias", "Арсени", "Fiesta",
    "Грант", "Arup", "Росатом", "Kotlin", "Tesla", "Спартак", "Химк", "Nokia", "Норильск", "Hamid",
    "Антон", "КАМАЗ", "Hexham", "Ижевск", "Геленджик", "Asda", "Glasgow", "Luton", "Milton Keynes",
    "Брянск", "Тул", "Ярослав", "Рыбинск", "Углич", "Currys", "Screwfix", "Почта Банк", "Clojure",
    "Delphi", "Sublime", "Neovim", "Notepad", "VS Code", "Fairphone", "Redmi", "Marcus", "Femi",
    "Егор", "Nibbles", "Clive", "Bernadette", "Sunita", "Марина Юрьевна", "Зоя", "Astra",
    "Yaris", "Приор", "Рапид", "Zorin", "Lewis", "Royal Mail", "Ellie", "Hallam", "Open University",
    "Настя", "Персик", "ТУСУР", "НГТУ", "Bangor", "Altrincham", "Body Shop", "Boots", "Bramble",
    "Tofu", "Архангельск", "Туапсе", "Ашан", "Глобус", "Буханк", "Крет", "Ренат", "Полин", "Hannah",
    "Tunde", "Chloe", "Aaron", "Гена", "Рома", "Катя", "Филипп", "Priya", "Grace", "Jess", "Ксюш",
    "Ирин", "Лёш", "Leeds", "Leicester", "Иркутск", "Сочи", "Анап", "Oksana", "Оксан", "Москв",
    # README.md
    "Porto", "Konstantin", "Visual Studio Code", "Postgres", "Hyundai", "Solaris", "Солярис",
    "iPhone", "айфон", "macOS", "Маша", "Олег", "Лаборатори", "Петербург",
    # README_dev15.md: places
    "Falkirk", "Stockport", "Твер", "Swindon", "Перм", "Dundee", "Truro", "Wrexham", "Екатеринбур",
    "екатеринбурж", "Нижн", "Автозавод", "Киров", "Cardiff", "Bristol", "Балаших", "Реутов",
    "Хабаровск", "Sheffield", "Brighton", "Aberystwyth", "Kielder", "Омск", "Северодвинск",
    "Иннополис", "Exeter", "Gloucester", "Cheltenham", "Курган", "Шадринск", "Carlisle", "Penrith",
    "Светлогорск", "Томск", "Краснодар", "Иваново", "Иванове",
    # README_dev15.md: employers and brands
    "Morrisons", "Greggs", "Ocado", "ФБК", "Sainsbury", "Waitrose", "Озон", "Магнит", "Контур",
    "Леруа", "АвтоВАЗ", "Т-Банк", "Самокат", "Северстал", "Co-op", "Tesco", "Авито", "BBC",
    "Ростелеком", "Revolut", "Сбер", "Unilever", "ВкусВилл", "Deliveroo", "Argos", "Dunelm",
    "Пятёроч", "Перекрёст", "Wickes", "Travis Perkins", "Уралмаш", "Газпром", "Halfords",
    "Kwik Fit", "NHS",
    # README_dev15.md: tools, phones, cars
    "WebStorm", "Fedora", "ThinkPad", "Helix", "PHP", "PhpStorm", "Eclipse", "Эклипс", "MySQL",
    "MariaDB", "голанг", "Golang", "Swift", "Свифт", "Linux Mint", "IntelliJ", "Samsung", "самсунг",
    "Volvo", "Scala", "pytest", "unittest", "Objective-C", "TypeScript", "Moto G", "Хонор",
    "пиксел", "Pixel", "Corsa", "Qashqai", "Логан", "Октави", "Тигуан", "Лада", "Жигул", "Волг",
    "Нив", "Муськ",
    # README_dev15.md: people and pets
    "Gwen", "Лиди", "Гуля", "Лёльк", "Стасик", "Вадик", "Жек", "Сеструх", "Harriet", "Kofi",
    "Lucía", "Lucia", "Рустам", "Ваня", "Алсу", "Kieran", "Fraser", "Карин", "Fiona", "Дарин",
    "Ильдар", "Вероник", "Ollie", "Jordan", "Ульян", "Tariq", "Bronwyn", "Hiro", "Mabel", "Sprout",
    "Ryan", "Mateo", "Никит", "Савв", "Peanut", "Waffle", "Плюшк", "Deborah", "Kenji", "Ольг",
    "Тагир", "Пётр", "Ethan", "Pudding", "Нинел", "Арслан", "Liam", "Holly", "Дим", "Лёв",
    # the dev16 brief
    "Черепов", "Derby", "Leeds",
    # README_dev16.md: places
    "Wigan", "Leith", "Edinburgh", "Bolton", "Coventry", "Swansea", "Whitby", "Durham",
    "Birmingham", "Cambridge", "Ullapool", "Harrogate", "Peterborough", "Margate", "Grimsby",
    "Ipswich", "Colchester", "Crewe", "Hereford", "Worcester", "Spain", "Bali", "Вологд",
    "Калининград", "калининградц", "Саратов", "Костром", "Барнаул", "Подольск", "Оренбург",
    "Калязин", "Миасс", "Псков", "Сызран", "Ейск", "Суздал", "Дубн", "Воркут", "Воронеж",
    "Сыктывкар", "Петрозаводск", "Стерлитамак", "Чебоксар", "Тамбов", "Зеленоградск", "Бали",
    "Испани", "Америк", "Citroën", "Citroen",
    # README_dev16.md: employers and brands
    "Aldi", "Network Rail", "Octopus", "Pets at Home", "Amazon", "Barclays", "Dyson", "Primark",
    "IKEA", "Specsavers", "Jaguar", "BAE", "LinkedIn", "Лукойл", "Эльдорадо", "Дикси", "РЖД",
    "вайлдберриз", "Вайлдберриз", "Wildberries", "Уралвагонзавод", "Райффайзен", "МТС", "М.Видео",
    "Роснефт", "Сибур", "Фикс Прайс", "Светофор", "Терем", "Реалми", "Сяоми", "Хуаве", "Оппо",
    # README_dev16.md: tools, phones, cars, bands
    "GenServer", "Elixir", "CLion", "Manjaro", "манжаро", "Erlang", "Эрланг", "Realme", "Xiaomi",
    "Camry", "Камри", "Toyota", "OnePlus", "Kangoo", "Land Rover", "Defender", "Idles", "SQLite",
    "JavaScript", "MX-5", "Fiat", "Xperia", "Nothing Phone", "Fortran", "Julia", "ABAP",
    "Solidity", "Brackets", "Lazarus", "Cursor", "Pop!_OS", "Windows", "Fabia", "Spyder",
    "Jupyter", "Vivaldi", "Мультивэн", "Multivan", "УАЗ", "Патриот", "Kia Rio", "Сплин", "Горный",
    "Ласточк", "Свиридов", "Калин", "Джили", "Дастер", "Ларгус",
    # README_dev16.md: people and pets
    "Rhys", "Denise", "Trevor", "Tomasz", "Stephen", "Okafor", "Keeley", "Winston", "Nadia",
    "Ffion", "Declan", "Amara", "Lorraine", "Callie", "Yusuf", "Beatriz", "Freya", "Morag",
    "Dafydd", "Imogen", "Stuart", "Maisie", "Bruno", "Cormac", "Tinsel", "Oberon", "Keith",
    "Farah", "Siobhan", "Gareth", "Dominika", "Niamh", "Padraig", "Hamza", "Shanice", "Bilal",
    "Crumpet", "Эльвир", "Маратовн", "Серафим", "Славик", "Стёп", "Алён", "Артур", "Камил",
    "Фарид", "Глеб", "Динар", "Денис", "Тамар", "Ильинична", "Марат", "Наилевич", "Богдан",
    "Зульфи", "Святослав", "Галин", "Гош", "Гриш", "Ярик", "Семён", "Рекс", "Джек", "Руслан",
    "Ахметович", "Валерьевн", "Федя", "Феди", "Федей", "Виктор", "Эмил", "Толик", "Зарин",
    "Мурк", "Люся", "Люсю", "Люси", "Люсей", "Кеша", "Кеши", "Кешей", "Алис",
    # README_dev16.md: languages and nationalities
    "Welsh", "Brazilian", "Portuguese", "татар", "белорус",
    # the dev17 brief
    "Reading", "Pickle",
    # dev18: README.md (re-checked)
    "Kaspersky", "Москва", "Олег Петрович",
    # dev18: README_dev17.md and the dev17 rows shown by `head -3`: places
    "Shrewsbury", "Doncaster", "Belfast", "Galway", "Chichester", "Scarborough", "Dublin",
    "Wakefield", "Worthing", "Lincoln", "Stirling", "Scotland", "Gosport", "Sunderland", "Newcastle",
    "Strathclyde", "Aberdeen", "Preston", "Blackburn", "Bournemouth", "Plymouth", "Walsall",
    "Dudley", "Oldham", "Rochdale", "Salford", "Halifax", "Huddersfield", "Hastings",
    "Коломн", "Кемеров", "Якутск", "Астрахан", "Великий Новгород", "Пятигорск", "Новосибирск",
    "Новороссийск", "Смоленск", "Мурманск", "Серпухов", "Абакан", "Красноярск", "Нальчик",
    "Владикавказ", "Благовещенск", "Гатчин", "Выборг", "Сургут", "Мытищ", "Ивантеевк",
    # dev18: README_dev17.md: employers, brands, clubs, universities
    "KPMG", "Costa", "Fitness First", "David Lloyd", "Waterstones", "JD Sports", "PureGym",
    "Anytime Fitness", "World Class", "Alex Fitness", "Алекс Фитнес", "Spurs", "Аэрофлот",
    "Билайн", "Спортмастер", "Русал", "Зенит", "Локомотив", "Динамо", "Бауманк", "Баумана", "СФУ",
    "МегаФон", "Мегафон", "Теле2", "Спортлайф", "Зебр", "Мираторг", "Черкизово", "Ситилинк",
    "Бургер Кинг", "Вкусно", "Инфиникс", "Motorola", "openSUSE", "опенсуз", "Mazda", "Мазд",
    "Chery", "Чери", "Тигго", "Tiggo", "Micra", "Range Rover", "Juke", "Clio", "Рено", "Аркана",
    "Форд", "Фокус", "Picanto", "Civic", "Кодиак", "Хавал", "Газел", "Punjabi", "чувашск",
    # dev18: README_dev17.md: people and pets
    "Parsnip", "Kevin", "Пельмен", "Тортил", "Кекс", "Gemma", "Magda", "Жанн", "Таиси", "Darren",
    "Kwabena", "Жора", "Жоры", "Айдар", "Gherkin", "Добрын", "Custard", "Зефир", "Rolo", "Тошк",
    "Caitlin", "Sir Hiss", "Варя", "Вари", "Варю", "Шурик", "Мирон", "Ify", "Ifeoma", "Женя",
    "Жени", "Rohan", "Shona", "Piotr", "Nikhil", "Eilidh", "Bryony", "Graham", "Imran", "Jamal",
    "Esme", "Ravi", "Саша", "Саши", "Сашей", "Ринат", "Сева", "Севы", "Агат", "Прохор", "Ефим",
    "Сабин", "Лёня", "Лёни", "Лёней", "Нелли", "Фёдор", "Craig", "Кирилл", "Tegan", "Рита", "Риты",
    "Рите", "Риту", "Wendy", "Инга", "Инги", "Colin", "Аркади", "Noodle", "Biscuit", "Bagel",
    "Барсик", "Тыкв", "Oisín", "Oisin", "Tyrone", "Гордей", "Гордея", "Эрик", "Marcy", "Wilf",
    "Снежан", "Игнат", "Conor", "Hayley", "Остап", "Элин", "Rosalind", "Ewan", "Kipper", "Mango",
    "Эвелин", "Давид", "Шарик", "Бусинк", "Мила", "Милы", "Миле", "Милу",
    # dev19: README_dev18.md, the dev18 rows shown by `head -3` and the dev19 brief: places
    "Bedford", "Minneapolis", "Kettering", "Northampton", "Keele", "Canterbury", "Denver",
    "Lichfield", "Stowe", "Tamworth", "Warrington", "Southport", "Stoke", "Stafford",
    "Wolverhampton", "Basingstoke", "Salisbury", "Winchester", "Guildford", "Oxford", "Орск",
    "Таганрог", "Ставропол", "Курск", "Обнинск", "Энгельс", "Балаков", "Дзержинск", "Арзамас",
    "Крым", "Электростал", "Орехово", "Ростов",
    # dev19: README_dev18.md: employers, brands, clubs, gyms, schools
    "Nationwide", "Aston Villa", "Villa", "Stagecoach", "Lloyds", "Capgemini", "Accenture",
    "Superdrug", "Lidl", "Nuffield", "Bannatyne", "Snap Fitness", "Arriva", "Virgin", "Oakfield",
    "Ингосстрах", "Ростсельмаш", "Совкомбанк", "Буквоед", "Читай-город", "Фитнес Хаус",
    "Атлетик", "Ринг", "Шоколадниц", "Кофемани", "Азбук", "Ригл", "Хоум Кредит", "Росгосстрах",
    "ЦСКА",
    # dev19: README_dev18.md: tools, phones, cars
    "Debian", "Zenfone", "Tecno", "ALT Linux", "F#", "Android Studio", "Pascal", "Паскал",
    "Skoda", "Yeti", "Шкод", "Йети", "Omoda", "Омод", "PyCharm", "Kakoune", "Visual Studio",
    "Vitara", "Mokka", "Suzuki", "Сузуки", "HTC", "ZTE", "Axon", "Мейзу", "Meizu", "Blackview",
    "Лансер", "Lancer", "Джетт", "Jetta", "Пежо", "Peugeot", "Опел", "Opel", "Vauxhall", "Audi",
    "Ауди", "Jeep",
    # dev19: README_dev18.md and the dev18 rows: people and pets
    "Bethan", "Euan", "Hattie", "Carys", "Tendai", "Zainab", "Pippa", "Fergus", "Smudge",
    "Bisto", "Toffee", "Juniper", "Lorcan", "Rafael", "Connie", "Marnie", "Seren", "Pancake",
    "Crumble", "Вадим", "Тарас", "Фаин", "Эдуард", "Тихон", "Матве", "Лейл", "Злат", "Кристин",
    "Маркиз", "Бублик", "Ириск", "Рыжик", "Платон", "Демьян", "Азат", "Ларис", "Ахмед",
    "Марьян", "Ислам", "Жуж", "Пашк",
    # dev19: README_dev18.md: languages, nationalities, cuisines
    "Polish", "English", "Spanish", "Irish", "армянск", "грузин", "русск", "Русск",
    # dev19: the dev19 brief
    "Boris", "Борис", "Harrogate", "Bristol", "Leeds", "Derby", "Pickle",
]
BANNED_WORD = {"Rob", "Mel", "Sam", "Ade", "Jo", "Dev", "Ria", "Ruby", "Java", "Emacs", "Olive",
               "Vim", "Rust", "Go", "Влад", "DPD", "Python", "Anna", "Mark", "Mac", "Zig", "Bath",
               "Arm", "Atom", "Kate", "IDEA", "Nia", "Pam", "Wes", "Bex", "Ruth", "Dan", "Moth",
               "Noor", "Zara", "Ben", "Ока", "Оку", "Оке", "Поло", "минт", "минте", "Тёма", "Тёмой",
               "Тёме", "Тёму", "Тёмы", "Валя", "Вали", "Ася", "Асе", "Асю", "Аси", "Асей", "Лера",
               "Леры", "Лере", "Леру", "Лерой", "Дуся", "Дусю", "Дуси", "1С", "Зиг", "Питон",
               "питон", "P60", "Mint",
               # dev18: short or common-word names from README_dev16.md
               "Sky", "Arch", "Nova", "Jazz", "DNS", "Lua", "Perl", "York", "Zed", "Rider", "Leon",
               "Joel", "Gail", "Otis", "Pepper", "Panda", "Kia", "C++", "C#", "Chester", "Sony",
               "Лента", "Ленте", "Ленту", "Ленты", "Лентой", "Вова", "Вовы", "Вове", "Вову", "Вовой",
               "Люда", "Люды", "Люде", "Люду", "Людой", "Лиса", "Лисой", "Уфа", "Уфе", "Уфу", "Уфы",
               "Веста", "Весте", "Весту", "Весты", "Вестой", "Яна", "Яны", "Яне", "Яну", "Яной",
               "Лиза", "Лизе", "Лизу", "Лизы", "Лизой", "Инна", "Инне", "Инну", "Инны", "Инной",
               "Света", "Свете", "Свету", "Светы", "Светой", "Вика", "Вике", "Вику", "Вики", "Викой",
               "Лиля", "Лиле", "Лилю", "Лили", "Лилей", "Рио", "Лиса",
               # dev18: short or common-word names from README.md and README_dev17.md
               "Nell", "Golf", "Leaf", "Focus", "Poco", "Vivo", "Pret", "Poole", "Padel", "Сид",
               "Сида", "Сиде", "Виво", "Поко", "Mark", "Anna", "Oslo", "Oleg", "Jamal",
               # dev19: short or common-word names from README_dev18.md and the dev19 brief
               "Kai", "Ines", "Theo", "Colm", "Omar", "Hugo", "Ned", "Sage", "Fleet", "Thai",
               "Кира", "Киры", "Кире", "Киру", "Кирой", "Паша", "Паши", "Паше", "Пашу", "Пашей",
               "Амина", "Амины", "Амине", "Амину", "Аминой", "Вера", "Веры", "Вере", "Веру", "Верой",
               "Тиша", "Тиши", "Тише", "Тишу", "Тишей", "Кузя", "Кузи", "Кузе", "Кузю", "Кузей",
               "Jetta", "A3", "Kyiv"}

errors = []


def err(msg):
    errors.append(msg)


def load(name):
    with open(os.path.join(BASE, name), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def check_banned(where, text):
    for b in BANNED:
        if b in text:
            err(f"{where}: uses a name from the READMEs/brief: {b!r}")
    for w in re.findall(r"[\w#+]+", text):
        if w in BANNED_WORD:
            err(f"{where}: uses a name from the READMEs/brief: {w!r}")


def check_statements(rows):
    seen_ids, seen_text = set(), set()
    per_lang = defaultdict(list)
    for r in rows:
        rid = r.get("id", "?")
        if list(r.keys()) != ST_KEYS:
            err(f"{rid}: keys {list(r.keys())}")
            continue
        if rid in seen_ids:
            err(f"{rid}: duplicate id")
        seen_ids.add(rid)
        m = re.fullmatch(r"s19-(en|ru)-(\d{3})", rid)
        if not m or m.group(1) != r["lang"]:
            err(f"{rid}: bad id / lang")
        if r["speaker"] not in ("user", "assistant") or r["split"] not in SPLITS:
            err(f"{rid}: speaker/split")
        if r["speaker"] == "assistant" and (r["category"] != "chitchat" or r["facts"]):
            err(f"{rid}: an assistant turn must be chitchat without facts")
        t = r["text"].strip()
        if not t or t != r["text"]:
            err(f"{rid}: empty or untrimmed text")
        if t.lower() in seen_text:
            err(f"{rid}: duplicate text")
        seen_text.add(t.lower())
        if r["lang"] == "ru" and not re.search("[а-яё]", t, re.I):
            err(f"{rid}: Russian line without Cyrillic")
        check_banned(rid, t)
        cat = r["category"]
        if cat not in CATEGORIES:
            err(f"{rid}: category {cat}")
            continue
        facts = r["facts"]
        subj = {f["subject"] for f in facts}
        if cat not in FACT_CATS and facts:
            err(f"{rid}: {cat} line must have no facts")
        if cat in FACT_CATS and not facts:
            err(f"{rid}: {cat} line without facts")
        if cat == "first_person" and subj - {"speaker"}:
            err(f"{rid}: first_person with other subjects {subj}")
        if cat == "third_party" and "speaker" in subj:
            err(f"{rid}: third_party with a speaker fact")
        if cat == "mixed" and (subj == {"speaker"} or "speaker" not in subj):
            err(f"{rid}: mixed needs speaker and other facts")
        seen_f, single = set(), Counter()
        for f in facts:
            if list(f.keys()) != ["subject", "attribute", "value"] or not all(
                    isinstance(v, str) and v.strip() == v and v for v in f.values()):
                err(f"{rid}: malformed fact {f}")
                continue
            key = (f["subject"], f["attribute"], f["value"].lower())
            if key in seen_f:
                err(f"{rid}: duplicate fact {f}")
            seen_f.add(key)
            a = f["attribute"]
            if a not in ATTRIBUTES or not re.fullmatch(r"[a-z]+(_[a-z]+)*", a):
                err(f"{rid}: attribute {a}")
            if a == "diet" and f["value"] not in DIETS:
                err(f"{rid}: diet must be an English word: {f['value']}")
            if a == "age" and not f["value"].isdigit():
                err(f"{rid}: age must be digits: {f['value']}")
            if a in SINGLE:
                single[(f["subject"], a)] += 1
            if f["subject"] != "speaker":
                if f["subject"].startswith("speaker") and not f["subject"].startswith("speaker's "):
                    err(f"{rid}: bad relation subject {f['subject']}")
                if r["lang"] == "ru" and not f["subject"].startswith("speaker's ") \
                        and not re.search("[а-яё]", f["subject"], re.I):
                    err(f"{rid}: Russian name subject should stay Cyrillic: {f['subject']}")
        for (s, a), n in single.items():
            if n > 1:
                err(f"{rid}: {n} values of single-valued {a} for {s}")
        per_lang[r["lang"]].append(r)
    for lang in ("en", "ru"):
        rs = per_lang[lang]
        if len(rs) != N_PER_LANG:
            err(f"{lang}: {len(rs)} statements, want {N_PER_LANG}")
        cat_n = Counter(r["category"] for r in rs)
        for c, want in CAT_COUNTS.items():
            if cat_n[c] != want:
                err(f"{lang}: {cat_n[c]} {c} lines, want {want}")
        pos = Counter()
        for r in rs:
            want = SPLITS[pos[r["category"]] % 2]
            pos[r["category"]] += 1
            if r["split"] != want:
                err(f"{r['id']}: split {r['split']}, want {want} (alternating within {lang} x {r['category']})")
        ids = [int(r["id"][-3:]) for r in rs]
        if ids != list(range(1, len(rs) + 1)):
            err(f"{lang}: ids not consecutive")
        cats = [CATEGORIES.index(r["category"]) for r in rs]
        if cats != sorted(cats):
            err(f"{lang}: statements not in category order")
        nofact = sum(1 for r in rs if not r["facts"])
        if rs and nofact / len(rs) < MIN_NOFACT:
            err(f"{lang}: no-fact share {nofact}/{len(rs)} < {MIN_NOFACT:.0%}")
    return per_lang


def check_scenarios(rows):
    kinds = {"en": [r["kind"] for r in scen_en.ROWS], "ru": [r["kind"] for r in scen_ru.ROWS]}
    seen = set()
    per_lang = defaultdict(list)
    for r in rows:
        rid = r.get("id", "?")
        if list(r.keys()) != SC_KEYS:
            err(f"{rid}: keys {list(r.keys())}")
            continue
        if rid in seen:
            err(f"{rid}: duplicate id")
        seen.add(rid)
        m = re.fullmatch(r"d19-(en|ru)-(\d{3})", rid)
        if not m or m.group(1) != r["lang"]:
            err(f"{rid}: bad id / lang")
            continue
        if r["split"] != SPLITS[(int(m.group(2)) - 1) % 2]:
            err(f"{rid}: split {r['split']} (want alternating dev19/test19)")
        kind = kinds[r["lang"]][int(m.group(2)) - 1]
        per_lang[r["lang"]].append((r, kind))
        turns = r["turns"]
        if not 2 <= len(turns) <= 4:
            err(f"{rid}: {len(turns)} turns, want 2-4")
        for t in turns:
            if list(t.keys()) != ["speaker", "text", "day"] or not isinstance(t["day"], int):
                err(f"{rid}: malformed turn {t}")
            check_banned(rid, t["text"])
        check_banned(rid, r["question"])
        days = [t["day"] for t in turns]
        # dev19: an assistant turn may share the day of the user turn it answers, and a user turn
        # may share the day of the assistant turn (a question) it answers.
        if any(b < a or (b == a and "assistant" not in (t1["speaker"], t2["speaker"]))
               for a, b, t1, t2 in zip(days, days[1:], turns, turns[1:])):
            err(f"{rid}: days do not increase strictly (except next to an assistant turn)")
        if days[-1] - days[0] < 10:
            err(f"{rid}: spans fewer than ten days")
        speakers = {t["speaker"] for t in turns} - {"assistant"}
        if len(speakers) > 1 and "user" in speakers:
            err(f"{rid}: two-speaker scenario must use names")
        if r["asker"] not in speakers:
            err(f"{rid}: asker {r['asker']} is not a speaker")
        cur, stale = r["current"], r["stale"]
        if not isinstance(stale, list) or not stale:
            err(f"{rid}: stale must be a non-empty list")
            continue
        for v in [cur] + stale:
            if len(v) < 3:
                err(f"{rid}: value shorter than 3 characters: {v!r}")
            if v.lower() in r["question"].lower():
                err(f"{rid}: value {v!r} occurs in the question")
        hits = [i for i, t in enumerate(turns) if cur in t["text"]]
        if not hits:
            err(f"{rid}: current {cur!r} occurs in no turn")
        for s in stale:
            if not any(s.lower() in t["text"].lower() for t in turns):
                err(f"{rid}: stale {s!r} occurs in no turn")
            if s.lower() in cur.lower() or cur.lower() in s.lower():
                err(f"{rid}: stale {s!r} and current {cur!r} overlap")
        first = turns[0]["text"].lower()
        if kind == "update":
            if cur.lower() in first:
                err(f"{rid}: update, but current is in the first turn")
            if not any(s.lower() in first for s in stale):
                err(f"{rid}: update, but no stale value in the first turn")
            if hits and days[hits[0]] - days[0] < 10:
                err(f"{rid}: new value less than ten days after the first turn")
        elif kind == "control":
            if cur not in turns[0]["text"]:
                err(f"{rid}: control, but current is not in the first turn")
        else:
            err(f"{rid}: kind {kind}")
    for lang in ("en", "ru"):
        rs = per_lang[lang]
        if len(rs) != 20:
            err(f"{lang}: {len(rs)} scenarios, want 20")
        ups = sum(1 for _, k in rs if k == "update")
        if not 13 <= ups <= 17:
            err(f"{lang}: {ups} updates, want about 15")
    return per_lang


def opening(text):
    words = re.findall(r"[\w'’-]+", text.lower())
    return tuple(words[:2]) if len(words) >= 2 else None


# The example sentences of the dev19 brief: no dev19 text may be close to them (--similar).
BRIEF_EXAMPLES = {
    "en": ["Someone nicked my bike, so I get the tram to work now",
           "the drive from Leeds, where I live, to Harrogate is grim",
           "We named the kitten Pickle", "ended up calling the puppy Boris",
           "Bristol, since May.", "my sister, who's a midwife in Derby, says..."],
    "ru": ["Я хожу в зал три раза в неделю"],
}


def similar(st_lang, sc_lang):
    total = 0
    for lang in ("en", "ru"):
        items = [(r["id"], r["text"]) for r in st_lang[lang]]
        for r, _ in sc_lang[lang]:
            items += [(f"{r['id']}/t{i + 1}", t["text"]) for i, t in enumerate(r["turns"])]
            items.append((f"{r['id']}/q", r["question"]))
        for a_id, a in items:
            for b in BRIEF_EXAMPLES[lang]:
                ratio = difflib.SequenceMatcher(None, a.lower(), b.lower()).ratio()
                if ratio > 0.55:
                    total += 1
                    print(f"[{lang}] ratio {ratio:.2f} to a brief example\n   {a_id}: {a}\n   brief: {b}")
        for i in range(len(items)):
            a_id, a = items[i]
            for j in range(i + 1, len(items)):
                b_id, b = items[j]
                ratio = difflib.SequenceMatcher(None, a.lower(), b.lower()).ratio()
                same = opening(a) is not None and opening(a) == opening(b)
                if ratio > 0.55 or same:
                    total += 1
                    why = f"ratio {ratio:.2f}" if ratio > 0.55 else "opening " + " ".join(opening(a))
                    print(f"[{lang}] {why}\n   {a_id}: {a}\n   {b_id}: {b}")
    print(f"similar pairs: {total}")


def summary(st_lang, sc_lang):
    for lang in ("en", "ru"):
        rs = st_lang[lang]
        nofact = sum(1 for r in rs if not r["facts"])
        nfacts = sum(len(r["facts"]) for r in rs)
        other = sum(1 for r in rs for f in r["facts"] if f["subject"] != "speaker")
        other_lines = sum(1 for r in rs if r["category"] in ("third_party", "mixed", "third_party_nonfact"))
        cats = Counter(r["category"] for r in rs)
        print(f"{lang}: {len(rs)} statements, no-fact {nofact} ({nofact / max(len(rs), 1):.0%}), {nfacts} facts "
              f"({other} about others), lines about others {other_lines}")
        print("   " + ", ".join(f"{c} {cats[c]}" for c in CATEGORIES))
        spl = Counter((r["category"], r["split"]) for r in rs)
        print("   dev19/test19: " + ", ".join(f"{c} {spl[(c, 'dev19')]}/{spl[(c, 'test19')]}"
                                            for c in CATEGORIES))
        asst = sum(1 for r in rs if r["speaker"] == "assistant")
        print(f"   assistant turns {asst}")
        sc = sc_lang[lang]
        ups = sum(1 for _, k in sc if k == "update")
        two = sum(1 for r, _ in sc if len({t['speaker'] for t in r['turns']} - {"assistant"}) > 1)
        asc = sum(1 for r, _ in sc if any(t["speaker"] == "assistant" for t in r["turns"]))
        print(f"   scenarios {len(sc)}: {ups} updates, {len(sc) - ups} controls, {two} two-speaker, "
              f"{asc} with an assistant turn")
        ssp = Counter(r["split"] for r, _ in sc)
        nt = Counter(len(r["turns"]) for r, _ in sc)
        print(f"   scenario splits dev19 {ssp['dev19']} / test19 {ssp['test19']}; turns "
              + ", ".join(f"{k}: {nt[k]}" for k in sorted(nt)))
    attrs = Counter(f["attribute"] for rs in st_lang.values() for r in rs for f in r["facts"])
    print("attributes: " + ", ".join(f"{a} {n}" for a, n in attrs.most_common()))


def main():
    st = load("statements_dev19.jsonl")
    sc = load("update_scenarios_dev19.jsonl")
    st_lang = check_statements(st)
    sc_lang = check_scenarios(sc)
    summary(st_lang, sc_lang)
    if "--similar" in sys.argv[1:]:
        similar(st_lang, sc_lang)
    if errors:
        print(f"{len(errors)} problem(s):")
        for e in errors:
            print("  " + e)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
