"""dev18 English knowledge-update scenarios, typed by hand.

kind: "update" (the value changes; stale = superseded values) or "control" (the value never
changes; stale = the value that was only planned, wondered about, or someone else's).
turns: (speaker, text, day).
"""

ROWS = [
    # 1 city, with an assistant turn that repeats the old value
    {"kind": "update",
     "turns": [("user", "I'm in Lichfield, what's a nice Sunday walk round here?", 1),
               ("assistant", "If you're in Lichfield, the loop round Stowe Pool and the cathedral is a good start.", 1),
               ("user", "Got the keys to the new place in Tamworth at last! Boxes everywhere.", 22)],
     "question": "Any decent Thai restaurants near me?",
     "asker": "user", "current": "Tamworth", "stale": ["Lichfield"]},
    # 2 job title
    {"kind": "update",
     "turns": [("user", "Long shift at the care home again. Being a care assistant is relentless.", 2),
               ("user", "First week done as a teaching assistant, so much calmer than the care home.", 25)],
     "question": "What should I put as my occupation on the car insurance form?",
     "asker": "user", "current": "teaching assistant", "stale": ["care assistant"]},
    # 3 dog died, new puppy
    {"kind": "update",
     "turns": [("user", "Toffee chewed the TV remote. Labradors, honestly.", 0),
               ("user", "We lost Toffee on Tuesday. The house is so quiet.", 8),
               ("user", "Meet Juniper! Eight-week-old spaniel and she's already running the house.", 34)],
     "question": "Filling out the vet registration - what's my dog called again?",
     "asker": "user", "current": "Juniper", "stale": ["Toffee"]},
    # 4 diet
    {"kind": "update",
     "turns": [("user", "I'm pescatarian, so fish is fine but no meat please.", 3),
               ("user", "Watched that documentary and dropped fish too. Properly vegetarian now.", 30)],
     "question": "Plan me a dinner menu for Saturday that fits how I eat.",
     "asker": "user", "current": "vegetarian", "stale": ["pescatarian"]},
    # 5 editor switched
    {"kind": "update",
     "turns": [("user", "PyCharm keeps freezing on this old laptop, any settings to make it lighter?", 2),
               ("user", "Gave up and moved to Kakoune. It's so fast I'm never going back.", 19)],
     "question": "Is there a good keyboard shortcut cheat sheet for my editor?",
     "asker": "user", "current": "Kakoune", "stale": ["PyCharm"]},
    # 6 employer
    {"kind": "update",
     "turns": [("user", "Work's mental at the moment, Superdrug are doing a full stock take.", 0),
               ("user", "Started at Lidl on Monday. Pay's better and the staff discount is decent.", 27)],
     "question": "Where do I work now? I need it for the mortgage application.",
     "asker": "user", "current": "Lidl", "stale": ["Superdrug"]},
    # 7 car
    {"kind": "update",
     "turns": [("user", "The Vitara's making a grinding noise every time I brake.", 1),
               ("user", "Picked up a second-hand Mokka at the weekend, the old Suzuki went for scrap.", 15)],
     "question": "When is my car due its next service? Remind me what I drive.",
     "asker": "user", "current": "Mokka", "stale": ["Vitara"]},
    # 8 commute
    {"kind": "update",
     "turns": [("user", "The tram was rammed again this morning, I had someone's elbow in my ear.", 2),
               ("user", "Since the new cycle lane opened I bike in every day, way quicker than the tram.", 24)],
     "question": "What time should I set off tomorrow to be at work by nine?",
     "asker": "user", "current": "bike", "stale": ["tram"]},
    # 9 partner, break-up between
    {"kind": "update",
     "turns": [("user", "My boyfriend Lorcan is taking me to a pottery class on Saturday.", 0),
               ("user", "Lorcan and I broke up. It was mutual, mostly.", 9),
               ("user", "Rafael's cooking for me tonight. New boyfriend, and a far better cook than me.", 40)],
     "question": "Suggest an anniversary present for my boyfriend.",
     "asker": "user", "current": "Rafael", "stale": ["Lorcan"]},
    # 10 phone
    {"kind": "update",
     "turns": [("user", "My HTC is so slow. Can I clear the cache somehow?", 1),
               ("user", "The ZTE Axon 40 arrived, setting it up now, the screen is gorgeous.", 20)],
     "question": "How do I turn on dark mode on my phone?",
     "asker": "user", "current": "ZTE", "stale": ["HTC"]},
    # 11 two speakers: Omar's team, asked by Connie
    {"kind": "update",
     "turns": [("Omar", "I'm on the payments team, we've got a big release on Friday.", 0),
               ("Connie", "Lucky you, the support team is drowning this week.", 3),
               ("Omar", "Moved over to the fraud team last week. Fresh start, new desk.", 28)],
     "question": "Which team is Omar on these days?",
     "asker": "Connie", "current": "fraud team", "stale": ["payments team"]},
    # 12 two speakers: Marnie's gym, asked by Hugo; Hugo keeps his own gym
    {"kind": "update",
     "turns": [("Marnie", "I've joined Nuffield Health, the pool is lovely.", 1),
               ("Hugo", "I'm still at Snap Fitness. Cheap and never busy.", 5),
               ("Marnie", "Cancelled Nuffield, far too pricey. I'm at Bannatyne now, it's on my way home.", 31)],
     "question": "What gym is Marnie a member of?",
     "asker": "Hugo", "current": "Bannatyne", "stale": ["Nuffield"]},
    # 13 third party: the sister's town
    {"kind": "update",
     "turns": [("user", "Christmas is at my sister's in Warrington this year, she's invited us all.", 2),
               ("user", "My sister's finally moved to Southport, she can see the sea from her kitchen.", 26)],
     "question": "Plan a Sunday drive to see my sister, with a pub stop on the way.",
     "asker": "user", "current": "Southport", "stale": ["Warrington"]},
    # 14 chain of three towns
    {"kind": "update",
     "turns": [("user", "Renting in Stoke for now, it's cheap and the landlord is fine.", 0),
               ("user", "Moved down the road to Stafford, closer to my girlfriend's work.", 14),
               ("user", "We've bought our first house together, in Wolverhampton! Mortgage signed.", 38)],
     "question": "Which council tax band is typical for a semi in my town?",
     "asker": "user", "current": "Wolverhampton", "stale": ["Stoke", "Stafford"]},
    # 15 city, with a vague plan after the real move
    {"kind": "update",
     "turns": [("user", "Basingstoke is home, yes, the roundabout capital.", 3),
               ("user", "Settled in Salisbury now, you can see the cathedral from the flat.", 22),
               ("user", "Might move to Winchester one day if prices ever come down.", 35)],
     "question": "What's the weather looking like where I live this weekend?",
     "asker": "user", "current": "Salisbury", "stale": ["Basingstoke"]},
    # 16 control: a conditional move
    {"kind": "control",
     "turns": [("user", "Guildford's where I live. Pricey, but lots of green.", 1),
               ("user", "If the transfer comes through I'd have to move to Oxford, which I'm not keen on.", 20)],
     "question": "Find me a dog groomer near where I live.",
     "asker": "user", "current": "Guildford", "stale": ["Oxford"]},
    # 17 control: someone else's change of employer
    {"kind": "control",
     "turns": [("Seren", "Sage pays my wages, I'm on the payroll product.", 0),
               ("Ned", "I'm at Arriva, for my sins.", 4),
               ("Ned", "Left Arriva. I'm at Virgin Media now and the canteen is amazing.", 25)],
     "question": "Where does Seren work?",
     "asker": "Ned", "current": "Sage", "stale": ["Virgin Media"]},
    # 18 control: a promotion that is only possible
    {"kind": "control",
     "turns": [("user", "Nights this week - staff nurse on a surgical ward, so expect grumpy messages.", 2),
               ("user", "The ward manager reckons I could go for ward sister next year if a post opens up.", 18)],
     "question": "What's my job title? I need it for a form.",
     "asker": "user", "current": "staff nurse", "stale": ["ward sister"]},
    # 19 control: a car offered and refused
    {"kind": "control",
     "turns": [("user", "My old Jeep Renegade needs new tyres, any recommendations?", 1),
               ("user", "Dad offered me his Audi A3 for cheap but I said no, I like the Jeep.", 17)],
     "question": "What size tyres does my car take?",
     "asker": "user", "current": "Jeep", "stale": ["Audi"]},
    # 20 control: a second guinea pig only wondered about
    {"kind": "control",
     "turns": [("user", "Our guinea pig Pancake squeaks every time the fridge opens.", 0),
               ("user", "Wondering whether Pancake needs a friend. Maybe another one called Crumble?", 15),
               ("assistant", "Guinea pigs are social animals, so a companion is often a good idea.", 16)],
     "question": "Remind me of my guinea pig's name for the vet card.",
     "asker": "user", "current": "Pancake", "stale": ["Crumble"]},
]
