"""dev17 English update scenarios, typed by hand. kind: update (the value changes) or control."""

ROWS = [
    {"kind": "update",  # commute, said in passing
     "turns": [("user", "The 47 bus was twenty minutes late again, so I got to work damp and furious.", 1),
               ("user", "Picked up a second-hand bike off a neighbour and it gets me to work faster than the bus ever did. Legs are killing me though.", 18)],
     "question": "How long will my commute take tomorrow if it's raining?", "asker": "user",
     "current": "bike", "stale": ["bus"]},
    {"kind": "update",  # city
     "turns": [("user", "Preston station at midnight is a bleak place to wait for a taxi home.", 2),
               ("user", "Unpacking in Blackburn and the new landlord left a bottle of wine on the worktop, so that's a decent start.", 15)],
     "question": "Find me a takeaway that delivers to where I live.", "asker": "user",
     "current": "Blackburn", "stale": ["Preston"]},
    {"kind": "update",  # cat's name, with a goodbye turn between
     "turns": [("user", "Biscuit knocked my tea over the laptop again. That cat is a menace.", 0),
               ("user", "Had to say goodbye to Biscuit at the vet this morning. Fifteen years.", 9),
               ("user", "The new kitten, Bagel, has climbed the curtains twice before breakfast.", 30)],
     "question": "What's my cat called? The vet's form wants it.", "asker": "user",
     "current": "Bagel", "stale": ["Biscuit"]},
    {"kind": "update",  # employer
     "turns": [("user", "Made about four hundred flat whites at Costa today and I never want to smell steamed milk again.", 3),
               ("user", "The Pret lot give you free coffee on shift, which means I am now permanently vibrating.", 20)],
     "question": "Write a note to my manager asking for Friday off, and mention the company by name.", "asker": "user",
     "current": "Pret", "stale": ["Costa"]},
    {"kind": "update",  # gym
     "turns": [("user", "No free squat racks at Fitness First again at six, everyone's on a January resolution.", 1),
               ("user", "Finally cancelled that membership and joined David Lloyd. Twice the price, but there's a pool and nobody grunts.", 25)],
     "question": "What time does my gym shut on Sundays?", "asker": "user",
     "current": "David Lloyd", "stale": ["Fitness First"]},
    {"kind": "update",  # instrument, sold in between
     "turns": [("user", "Clarinet lesson went badly, my reed split halfway through a scale.", 0),
               ("user", "Sold the clarinet to a girl from the school orchestra, she was thrilled.", 12),
               ("user", "The saxophone's so much louder than I expected, the dog leaves the room when I open the case.", 40)],
     "question": "Suggest some beginner pieces for the instrument I'm learning.", "asker": "user",
     "current": "saxophone", "stale": ["clarinet"]},
    {"kind": "update",  # car
     "turns": [("user", "The Picanto did the whole drive to my mum's on a quarter of a tank. Little legend.", 2),
               ("user", "Still getting used to how big the Civic feels in the supermarket car park.", 22)],
     "question": "How much should I budget for my car's next service?", "asker": "user",
     "current": "Civic", "stale": ["Picanto"]},
    {"kind": "update",  # partner, with a break-up turn between
     "turns": [("user", "Oisín's cooking tonight, which means spaghetti, which means spaghetti again.", 1),
               ("user", "So Oisín and I are done. Five years. I'm eating crisps in bed.", 14),
               ("user", "Tyrone took me to the coast today and let me pick all the music in the car. I could get used to this.", 35)],
     "question": "Help me pick a birthday present for my boyfriend.", "asker": "user",
     "current": "Tyrone", "stale": ["Oisín"]},
    {"kind": "update",  # job title
     "turns": [("user", "212 calls today. Being a receptionist at a GP surgery is a contact sport.", 4),
               ("user", "First week in the practice manager's office and I already miss hiding behind the front desk.", 27)],
     "question": "Update my email signature with my job title.", "asker": "user",
     "current": "practice manager", "stale": ["receptionist"]},
    {"kind": "update",  # team
     "turns": [("user", "Mobile team standup ran forty minutes, mostly about the colour of one button.", 0),
               ("user", "Moving desks today: the data team sit by the window, so I'm finally getting some vitamin D.", 19)],
     "question": "Draft a hello message to post in my team's channel.", "asker": "user",
     "current": "data team", "stale": ["mobile team"]},
    {"kind": "update",  # two speakers; sport of Marcy, Wilf plays something else
     "turns": [("Marcy", "Tennis club fees have gone up again, I'm paying more to lose to pensioners.", 1),
               ("Wilf", "Squash on Thursday? I'll book the usual court.", 3),
               ("Marcy", "Padel is basically tennis in a glass box and I'm obsessed, that's three nights this week.", 20)],
     "question": "Which club kit should I buy for the game I play most these days?", "asker": "Marcy",
     "current": "Padel", "stale": ["Tennis"]},
    {"kind": "update",  # two speakers; question about the other one; Hayley only plans a move
     "turns": [("Conor", "Bournemouth seafront was heaving today, I couldn't even get out of my road.", 0),
               ("Hayley", "If the job comes through I'm off to Plymouth in the summer.", 5),
               ("Conor", "Poole's a lot quieter, and the new flat looks over the harbour, so no complaints from me.", 26)],
     "question": "Where does Conor live these days?", "asker": "Hayley",
     "current": "Poole", "stale": ["Bournemouth"]},
    {"kind": "update",  # third party's town
     "turns": [("user", "My brother's flat in Walsall has mould in every single room, I don't know how he sleeps.", 2),
               ("user", "Got a picture from my brother of his new kitchen in Dudley, he's very proud of the tiles.", 24)],
     "question": "Which town is my brother living in now?", "asker": "user",
     "current": "Dudley", "stale": ["Walsall"]},
    {"kind": "update",  # chain of three towns, a friend's suggestion before the real move
     "turns": [("user", "Oldham market's the only place I can get proper black pudding, one perk of living round here.", 0),
               ("user", "Boxes everywhere in the Rochdale house and I still can't find the kettle.", 11),
               ("user", "Everyone at the pub says I should try Salford next, as if I haven't moved enough this year.", 20),
               ("user", "Salford's got a better tram at least, I'm on it every morning from the new place.", 41)],
     "question": "Recommend a good Sunday roast near my home.", "asker": "user",
     "current": "Salford", "stale": ["Oldham", "Rochdale"]},
    {"kind": "update",  # diet, said in passing
     "turns": [("user", "Veggie lasagne for the third time this week. Being vegetarian in this house means I'm the one cooking.", 2),
               ("user", "Had the salmon at the work do and honestly, going pescatarian has made eating out so much easier.", 28)],
     "question": "Plan my meals for next week.", "asker": "user",
     "current": "pescatarian", "stale": ["vegetarian"]},
    {"kind": "control",  # conditional move never made
     "turns": [("user", "The hills in Halifax are going to finish my clutch off one of these days.", 1),
               ("user", "If my rent goes up again I'm moving to Huddersfield, swear down.", 15)],
     "question": "Which bin day is it on my street?", "asker": "user",
     "current": "Halifax", "stale": ["Huddersfield"]},
    {"kind": "control",  # two speakers; the other one changes jobs
     "turns": [("Rosalind", "The Christmas rota at Waterstones is out and I've got Boxing Day, naturally.", 0),
               ("Ewan", "Stock take is working me to death, I'm counting socks in my sleep.", 6),
               ("Ewan", "Handed my notice in, I'm starting at JD Sports on Monday.", 24)],
     "question": "Where do I work? I need it for a mortgage form.", "asker": "Rosalind",
     "current": "Waterstones", "stale": ["JD Sports"]},
    {"kind": "control",  # a possible promotion, not yet
     "turns": [("user", "Being a junior developer means I broke the staging server and nobody noticed for two hours.", 3),
               ("user", "My lead says I could be up for senior developer in the spring if the review goes well.", 21)],
     "question": "Reword my CV headline so it matches my current role.", "asker": "user",
     "current": "junior developer", "stale": ["senior developer"]},
    {"kind": "control",  # a car offered and refused
     "turns": [("user", "The Focus needs new tyres again and I'm not crying, you're crying.", 2),
               ("user", "Our kid keeps trying to sell me his old Leaf. Not a chance, I'm not sitting at chargers for an hour.", 17)],
     "question": "When is my car's MOT due, roughly, if it was last done in March?", "asker": "user",
     "current": "Focus", "stale": ["Leaf"]},
    {"kind": "control",  # a second dog only wondered about
     "turns": [("user", "Kipper's eaten a whole sock and seems very pleased with himself.", 0),
               ("user", "Would a second dog be too much? I keep picturing a little terrier called Mango.", 14)],
     "question": "Fill in the groomer's booking form for my dog.", "asker": "user",
     "current": "Kipper", "stale": ["Mango"]},
]
