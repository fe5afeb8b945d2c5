"""dev18 English single messages, typed by hand.

Row: (category, text, [(subject, attribute, value), ...]) or with a 4th item, the speaker.
Register: ordinary long-term use of a personal assistant.
"""
S = "speaker"

ROWS = [
    # ---------------- first_person (28) ----------------
    ("first_person", "I live in Bedford, for context.",
     [(S, "city", "Bedford")]),
    ("first_person", "quick one - I'm a dental hygienist so weekday mornings are out for calls",
     [(S, "job_title", "dental hygienist")]),
    ("first_person", "I work at Nationwide, in the mortgages team.",
     [(S, "employer", "Nationwide"), (S, "team", "mortgages")]),
    ("first_person", "We moved to Portland last spring and I'm still not used to the rain.",
     [(S, "city", "Portland")]),
    ("first_person", "I'm a member at The Gym Group by the station, I usually go before work.",
     [(S, "gym", "The Gym Group")]),
    ("first_person", "My dog's called Marmite. Sausage dog, massive ego.",
     [(S, "pet_dog", "Marmite")]),
    ("first_person", "I speak Polish at home and English at work, so either is fine for replies.",
     [(S, "spoken_language", "Polish"), (S, "spoken_language", "English")]),
    ("first_person", "I write Dart for a living, mostly Flutter apps for small businesses.",
     [(S, "programming_language", "Dart")]),
    ("first_person", "Switched the work laptop over to Debian last month and honestly, no regrets.",
     [(S, "operating_system", "Debian")]),
    ("first_person", "I drive a Subaru Forester, 140k miles on the clock and still going strong.",
     [(S, "car", "Subaru Forester")]),
    ("first_person", "Just so you know, I'm allergic to penicillin.",
     [(S, "allergy", "penicillin")]),
    ("first_person", "I get the train to work, it's about forty minutes door to door.",
     [(S, "commute", "train")]),
    ("first_person", "Can we move the call? Thursday nights I play five-a-side with a few lads from "
     "the office and I never miss it, even when my knee's playing up.",
     [(S, "sport", "football")]),
    ("first_person", "Been learning piano for two years and just passed grade 3!",
     [(S, "instrument", "piano")]),
    ("first_person", "Aston Villa season ticket holder, so don't book me anything on match days.",
     [(S, "football_team", "Aston Villa")]),
    ("first_person", "My partner Fergus and I finally bought a flat together.",
     [(S, "partner", "Fergus")]),
    ("first_person", "Call me Tash, nobody's called me Natasha since primary school.",
     [(S, "name", "Tash")]),
    ("first_person", "I'm 34, if that matters for the pension question.",
     [(S, "age", "34")]),
    ("first_person", "I'm an iOS developer, so Xcode is basically where I live.",
     [(S, "job_title", "iOS developer"), (S, "editor", "Xcode")]),
    ("first_person", "Second-year nursing student at Keele here, drowning in placements.",
     [(S, "university", "Keele"), (S, "degree", "nursing")]),
    ("first_person", "I'm Irish, living in Minneapolis, so yes, I know what real cold is.",
     [(S, "nationality", "Irish"), (S, "city", "Minneapolis")]),
    ("first_person", "Gluten-free for me, I'm coeliac, so no bread-based recipes please.",
     [(S, "diet", "gluten-free")]),
    ("first_person", "Our cat Smudge has decided the printer is her bed now.",
     [(S, "pet_cat", "Smudge")]),
    ("first_person", "Can you help me write a birthday card for my nan? She's turning 90 and I'm "
     "a plumber, not a poet.",
     [(S, "job_title", "plumber")]),
    ("first_person", "So we've finally done it, moved from Kettering to Northampton, which means the "
     "school run is ten minutes instead of forty and I might actually get my mornings back, though "
     "the new kitchen is half the size of the old one.",
     [(S, "city", "Northampton")]),
    ("first_person", "Finally replaced my cracked phone - got a Zenfone 10 and the battery is unreal.",
     [(S, "phone", "Zenfone 10")]),
    ("first_person", "Left the bank in March, I'm a driving instructor now. Way less stress.",
     [(S, "job_title", "driving instructor")]),
    ("first_person", "Gone vegan since New Year, so no cheese suggestions please!",
     [(S, "diet", "vegan")]),

    # ---------------- third_party (10) ----------------
    ("third_party", "My sister lives in Canterbury with her two cats.",
     [("speaker's sister", "city", "Canterbury")]),
    ("third_party", "Bethan on my team writes everything in Groovy and won't hear a word against it.",
     [("Bethan", "programming_language", "Groovy")]),
    ("third_party", "My mum's a dinner lady at the local primary, has been for years.",
     [("speaker's mother", "job_title", "dinner lady")]),
    ("third_party", "Kai, my flatmate, is vegan and reads every label twice.",
     [("Kai", "diet", "vegan")]),
    ("third_party", "My boyfriend's dog is a whippet called Rocket and he's terrified of pigeons.",
     [("speaker's boyfriend", "pet_dog", "Rocket")]),
    ("third_party", "My brother Euan drives buses for Stagecoach.",
     [("Euan", "employer", "Stagecoach"), ("Euan", "job_title", "bus driver")]),
    ("third_party", "Hattie at work just got a Mini Cooper and won't shut up about it.",
     [("Hattie", "car", "Mini Cooper")]),
    ("third_party", "My daughter's just started at Sussex, she's doing history.",
     [("speaker's daughter", "university", "Sussex"), ("speaker's daughter", "degree", "history")]),
    ("third_party", "Our neighbour Ines plays the harp and you can hear every note through the wall.",
     [("Ines", "instrument", "harp")]),
    ("third_party", "My wife's a nurse practitioner, so she's seen worse than this rash, trust me.",
     [("speaker's wife", "job_title", "nurse practitioner")]),

    # ---------------- mixed (8) ----------------
    ("mixed", "My girlfriend Carys and I both work at Lloyds, different floors though.",
     [(S, "partner", "Carys"), (S, "employer", "Lloyds"), ("Carys", "employer", "Lloyds")]),
    ("mixed", "My manager Tendai is a massive Arsenal fan so Monday stand-ups depend on the weekend result.",
     [(S, "manager", "Tendai"), ("Tendai", "football_team", "Arsenal")]),
    ("mixed", "My wife Zainab teaches maths at a secondary school, so she's marking every evening.",
     [(S, "spouse", "Zainab"), ("Zainab", "job_title", "maths teacher")]),
    ("mixed", "I've got a daughter, Pippa, she's seven and obsessed with horses.",
     [(S, "child", "Pippa"), ("Pippa", "age", "7")]),
    ("mixed", "Our dog Haggis stays with my mum in Inverness whenever we go away.",
     [(S, "pet_dog", "Haggis"), ("speaker's mother", "city", "Inverness")]),
    ("mixed", "My boss, Colm, runs Gentoo on literally everything he owns.",
     [(S, "manager", "Colm"), ("Colm", "operating_system", "Gentoo")]),
    ("mixed", "Both me and my brother work at Capgemini, which makes family dinners very boring.",
     [(S, "employer", "Capgemini"), ("speaker's brother", "employer", "Capgemini")]),
    ("mixed", "My son Theo goes to Oakfield Primary and he's already asking for a phone.",
     [(S, "child", "Theo"), ("Theo", "school", "Oakfield Primary")]),

    # ---------------- negated (6) ----------------
    ("negated", "I don't have any pets, the landlord won't allow them.", []),
    ("negated", "I'm not vegetarian, I just don't eat much red meat.", []),
    ("negated", "Spanish? One year of it at school, I can't actually speak it.", []),
    ("negated", "Nope, not in Denver anymore, and I haven't really settled anywhere yet.", []),
    ("negated", "Football bores me, so no, I don't support anyone.", []),
    ("negated", "Not married, not seeing anyone, just me and the houseplants.", []),

    # ---------------- hypothetical (4) ----------------
    ("hypothetical", "If I lived in Boise I'd probably have a dog by now.", []),
    ("hypothetical", "Should I ever get a cat, it's being called Lentil.", []),
    ("hypothetical", "In a perfect world I'd be vegan, honestly.", []),
    ("hypothetical", "Suppose I retrained as an electrician, how long would that take in the UK?", []),

    # ---------------- question (4) ----------------
    ("question", "Is Albuquerque a good place to live if you work remotely?", []),
    ("question", "Is it worth learning OCaml or should I stick with what I know?", []),
    ("question", "Do you think a border terrier would cope in a one-bed flat?", []),
    ("question", "Which is cheaper to insure, a BYD Dolphin or an MG4?", []),

    # ---------------- plan (4) ----------------
    ("plan", "We're moving to Raleigh in August once the lease is up.", []),
    ("plan", "Starting at Accenture on the 3rd, nervous already.", []),
    ("plan", "Planning to switch to NixOS over Christmas when work is quiet.", []),
    ("plan", "We pick up the puppy on Saturday, thinking of calling him Bisto.", []),

    # ---------------- quoted (4) ----------------
    ("quoted", "The recruiter's email literally said 'Imagine yourself as a senior data engineer at "
     "Siemens!' - bit much.", []),
    ("quoted", "My toddler keeps telling everyone at nursery 'my daddy is an astronaut'.", []),
    ("quoted", "My gran always says 'you'll end up in Blackpool like your uncle'.", []),
    ("quoted", "That ad keeps shouting 'Switch to Vodafone today!' at me before every video.", []),

    # ---------------- chitchat (6, two assistant turns) ----------------
    ("chitchat", "We had a day out in Whitstable and the oysters were incredible.", []),
    ("chitchat", "A mate let me have a go on his drum kit and I was truly awful.", []),
    ("chitchat", "Watched a documentary about Norwegian fishing villages last night, so relaxing.", []),
    ("chitchat", "Test drove a Cupra Born yesterday, lovely but way out of budget.", []),
    ("chitchat", "Having no home or commute of my own, I'm still happy to help plan yours.", [],
     "assistant"),
    ("chitchat", "As an AI I don't eat, so no favourite food here, but I know plenty of lentil recipes.",
     [], "assistant"),

    # ---------------- past (4) ----------------
    ("past", "I used to live in Southampton when I was at uni.", []),
    ("past", "Back in the day I had a Peugeot 206 that leaked through the sunroof.", []),
    ("past", "I was a barista for three years before all this.", []),
    ("past", "As a kid I had a hamster called Nacho.", []),

    # ---------------- third_party_nonfact (2) ----------------
    ("third_party_nonfact", "Sis is thinking about moving to Aylesbury to be nearer her work.", []),
    ("third_party_nonfact", "My husband keeps saying he might learn the bagpipes one day.", []),
]
