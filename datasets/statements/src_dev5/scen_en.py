"""dev5 English update scenarios, typed by hand.

Each row: (turns, question, current, stale). A turn is (speaker, day, text).
Rows 1-40 are the seed shape (two user turns, ten days apart), 41-48 harder
updates, 49-60 non-update controls (current = the value that still holds).
"""

U = "user"

SEED = [
    # city
    ([(U, 0, "I live in Leeds, been here six years now"),
      (U, 10, "first week in Glasgow done ✅ the accent is going to take me a while")],
     "Where can I get a decent haircut around here?", "Glasgow", ["Leeds"]),
    ([(U, 3, "quick bit of context: I'm in Toronto, downtown-ish"),
      (U, 13, "we took the whole family out to Halifax, the kids love being by the water")],
     "What's a good weekend hike near me?", "Halifax", ["Toronto"]),
    ([(U, 1, "Minneapolis born and raised, still here"),
      (U, 11, "the Minneapolis days are over, Phoenix now. 40 degrees in october is insane")],
     "Should I bother buying a winter coat this year?", "Phoenix", ["Minneapolis"]),
    # employer
    ([(U, 0, "I work at Deloitte, consulting side, lots of travel"),
      (U, 10, "got the offer from Monzo last month and started this monday, so far so good")],
     "Help me write a short hello for my team's Slack channel?", "Monzo", ["Deloitte"]),
    ([(U, 2, "I'm at Shopify, merchant tools"),
      (U, 12, "first week at Figma done, onboarding was a LOT")],
     "What company should I put on this conference badge form?", "Figma", ["Shopify"]),
    ([(U, 4, "been at IBM forever, 9 years next month"),
      (U, 14, "I'm at Stripe now, backend, very different pace from the old place")],
     "Can you draft a LinkedIn headline for me?", "Stripe", ["IBM"]),
    # job title
    ([(U, 0, "I'm a data analyst at a logistics company"),
      (U, 10, "promotion came through, I'm lead analyst now 🥳 still sinking in tbh")],
     "What title should go under my name on the slide deck?", "lead analyst", ["data analyst"]),
    ([(U, 3, "I'm a Senior Engineer on the infra side"),
      (U, 13, "my title's Staff Engineer now, same work, more meetings")],
     "What should my email signature say?", "Staff Engineer", ["Senior Engineer"]),
    ([(U, 1, "I'm a paralegal at a small firm in the city"),
      (U, 11, "passed the bar 🎉 officially an associate attorney as of this week")],
     "How should I introduce myself at the networking dinner?", "associate attorney", ["paralegal"]),
    # programming language
    ([(U, 0, "I write Ruby at work, Rails mostly"),
      (U, 10, "we've been an Elixir shop since spring, so that's what I write all day")],
     "Recommend a book to level up in the language I use at work?", "Elixir", ["Ruby"]),
    ([(U, 2, "I write Java mostly, Spring Boot stuff"),
      (U, 12, "Kotlin pretty much full time now, haven't opened a .java file in weeks")],
     "What linter should I set up for my code?", "Kotlin", ["Java"]),
    ([(U, 5, "I write C++ for embedded stuff, firmware mostly"),
      (U, 15, "left firmware behind, TypeScript for me these days, react frontends")],
     "Which testing framework fits my stack?", "TypeScript", ["C++"]),
    # editor
    ([(U, 0, "I'm a Sublime Text person, never got into IDEs"),
      (U, 10, "caved and moved to VS Code, the extensions won me over")],
     "What's the shortcut for multi-cursor in my editor?", "VS Code", ["Sublime"]),
    ([(U, 3, "Vim user for 12 years, don't @ me"),
      (U, 13, "my daily driver is Helix these days, modal editing but no config hell")],
     "How do I set up a Python LSP in my editor?", "Helix", ["Vim"]),
    # operating system
    ([(U, 1, "on Windows 11 at home, it's fine"),
      (U, 11, "wiped the laptop and put Pop!_OS on it, not going back")],
     "How do I install Steam on my machine?", "Pop!_OS", ["Windows"]),
    ([(U, 4, "MacBook Air, so macOS obviously"),
      (U, 14, "sold the mac, I run openSUSE on a ThinkPad now")],
     "Which terminal emulator would you recommend for me?", "openSUSE", ["macOS"]),
    # phone
    ([(U, 0, "my phone's a Pixel 7, no complaints"),
      (U, 10, "finally gave in and bought an iPhone 15, the whole family is on iMessage")],
     "Is there a way to block spam calls on my phone?", "iPhone 15", ["Pixel"]),
    ([(U, 2, "I use an iPhone SE, small phones forever"),
      (U, 12, "went android after all, Galaxy S24 now and the screen is huge")],
     "What case should I buy for my phone?", "Galaxy S24", ["iPhone"]),
    # car
    ([(U, 1, "I drive a 2012 Honda Civic"),
      (U, 11, "traded the old civic in for a Kia EV6, never buying petrol again")],
     "How often does my car need servicing?", "Kia EV6", ["Civic"]),
    ([(U, 3, "my car is a VW Polo, nothing fancy"),
      (U, 13, "the Polo's gone, I've got a Subaru Outback now and the dog approves")],
     "What tyres should I get for winter?", "Subaru Outback", ["Polo"]),
    # diet
    ([(U, 0, "I'm vegetarian, five years now"),
      (U, 10, "started eating fish again, so pescatarian I guess")],
     "What should I cook tonight?", "pescatarian", ["vegetarian"]),
    ([(U, 2, "doing keto, day 40 or so"),
      (U, 12, "keto's finished. fully vegan since the 1st and I feel great")],
     "Plan my lunches for the week?", "vegan", ["keto"]),
    # pet
    ([(U, 1, "I have a cat named Biscuit who hates mornings"),
      (U, 11, "Biscuit passed last month 😢 we adopted a greyhound called Juno on saturday")],
     "Any tips for my pet's first vet visit?", "Juno", ["Biscuit"]),
    ([(U, 4, "only pet I've got is a betta fish, Bubbles"),
      (U, 14, "RIP Bubbles. we ended up with a parrot, Mango, and he is LOUD")],
     "What toys would my pet like?", "Mango", ["Bubbles"]),
    # partner
    ([(U, 0, "my boyfriend Liam thinks I'm obsessed with this app"),
      (U, 10, "Liam and I split up in the spring. anyway I'm seeing someone new, her name's Maya")],
     "Ideas for a date night this friday?", "Maya", ["Liam"]),
    ([(U, 3, "my fiancé Ethan and I are planning a small wedding"),
      (U, 13, "well the wedding's off, long story. I'm with a guy called Rafael now and honestly happier")],
     "What should I get my partner for his birthday?", "Rafael", ["Ethan"]),
    # manager
    ([(U, 1, "my manager is Priyanka, she's great"),
      (U, 11, "reorg happened, I report to Derek now")],
     "Who should I send my expense report to?", "Derek", ["Priyanka"]),
    ([(U, 2, "my boss Tomasz signs off on everything"),
      (U, 12, "Tomasz left. the new boss is Ingrid, seems sharp")],
     "Who do I need to ask for Friday off?", "Ingrid", ["Tomasz"]),
    # team
    ([(U, 0, "I work on payments at Revolut"),
      (U, 10, "moved internally, fraud detection now, same company")],
     "Help me write my quarterly update, which team's goals do I report against?",
     "fraud detection", ["payments"]),
    # university
    ([(U, 3, "I'm doing my bachelor's at the University of Porto"),
      (U, 13, "transferred to Imperial for the rest of my degree, it's brutal")],
     "Where's the nearest library to my campus?", "Imperial", ["Porto"]),
    # sport
    ([(U, 0, "I play squash twice a week"),
      (U, 10, "squash is off the table with my knee, I've taken up rowing instead, 6am starts")],
     "What should I eat before training?", "rowing", ["squash"]),
    # hobby
    ([(U, 2, "my hobby is woodworking, mostly small boxes"),
      (U, 12, "sold the lathe. pottery is my thing now, I'm at the studio twice a week")],
     "Gift idea for me that fits my hobby?", "pottery", ["woodworking"]),
    # favourite food
    ([(U, 1, "ramen is my favourite food, no contest"),
      (U, 11, "controversial update: tacos have overtaken ramen as my number one")],
     "Where should we go for my birthday dinner?", "tacos", ["ramen"]),
    # favourite band
    ([(U, 4, "Radiohead is my favourite band, always has been"),
      (U, 14, "been listening to nothing but Fontaines D.C. for months, they're my favourite now")],
     "Any concerts coming up that I'd like?", "Fontaines D.C.", ["Radiohead"]),
    # browser
    ([(U, 0, "I use Chrome for everything"),
      (U, 10, "moved to Firefox after the ad blocker mess, it's fine actually")],
     "How do I clear cookies for one site?", "Firefox", ["Chrome"]),
    # database
    ([(U, 3, "our app runs on MySQL"),
      (U, 13, "we moved the whole stack to PostgreSQL over the holidays, migrations were hell")],
     "Write me a query to find duplicate emails in the users table", "PostgreSQL", ["MySQL"]),
    # coffee order
    ([(U, 1, "my usual is a flat white"),
      (U, 11, "cut the dairy, so it's an oat cortado these days")],
     "Order me my usual at the café?", "cortado", ["flat white"]),
    # learning language
    ([(U, 2, "I'm learning Japanese, 200-day streak"),
      (U, 12, "dropped Japanese, doing Portuguese now since we spend every winter in Brazil")],
     "Find me a podcast for the language I'm learning?", "Portuguese", ["Japanese"]),
    # gym
    ([(U, 0, "I go to PureGym near the station"),
      (U, 10, "switched to Gymbox, pricier but the classes are worth it")],
     "What time is my gym least busy?", "Gymbox", ["PureGym"]),
    # instrument
    ([(U, 5, "I play bass in a pub band"),
      (U, 15, "I'm a cello person now, sold the bass in march")],
     "Recommend some sheet music for me?", "cello", ["bass"]),
]

HARDER = [
    # two named speakers; the other one only plans the old city
    ([("Nadia", 0, "I'm in Copenhagen, working remote"),
      ("Felix", 2, "I'm in Hamburg for now"),
      ("Nadia", 12, "moved to Hamburg! Felix showed me around the neighbourhood"),
      ("Felix", 14, "and I might go to Copenhagen next year, funny swap")],
     "Which city does Nadia live in now?", "Hamburg", ["Copenhagen"]),
    # relative changes job
    ([(U, 0, "my brother Kofi works at Unilever, marketing"),
      (U, 10, "Kofi's at Nestlé now, he finally left Unilever")],
     "Where does my brother work?", "Nestlé", ["Unilever"]),
    # distractor: a language tried once
    ([(U, 0, "I write Scala at work"),
      (U, 5, "a friend won't shut up about Zig, maybe I'll look at it one day"),
      (U, 10, "we dropped Scala, everything new is Python now and honestly I like it")],
     "Which language should my code examples be in?", "Python", ["Scala", "Zig"]),
    # named speakers; the other one plans the old diet
    ([("Omar", 0, "I'm vegan these days"),
      ("Lucy", 2, "I eat everything lol"),
      ("Omar", 11, "cheese got me. back to vegetarian"),
      ("Lucy", 12, "might try vegan in january, Omar inspired me")],
     "What diet is Omar on?", "vegetarian", ["vegan"]),
    # relative's job title
    ([(U, 0, "my husband Dev teaches maths at a secondary school"),
      (U, 10, "Dev quit teaching, he's a software tester now, the bootcamp paid off")],
     "What does my husband do for a living?", "software tester", ["teacher", "maths"]),
    # distractor: a gift question about another phone
    ([(U, 0, "I've got a OnePlus 11"),
      (U, 6, "what should I get my dad? he keeps hinting at a Pixel 8"),
      (U, 10, "switched to a Nothing Phone, love the little lights on the back")],
     "How do I turn on battery saver on my phone?", "Nothing Phone", ["OnePlus", "Pixel 8"]),
    # named speakers; the other one gets a recruiter pitch
    ([("Ben", 0, "I'm at Atlassian, on Jira stuff"),
      ("Grace", 1, "I'm at Canva"),
      ("Ben", 11, "left Atlassian, I'm at Canva now, Grace got me the referral"),
      ("Grace", 12, "and Stripe keeps emailing me about a role lol, not moving though")],
     "Where does Ben work now?", "Canva", ["Atlassian", "Stripe"]),
    # relative's city with a visit in between
    ([(U, 0, "my mum lives in Cork"),
      (U, 5, "mum's up in Dublin this weekend for a concert"),
      (U, 15, "mum finally sold the house and moved to Galway to be near us")],
     "What's the weather like where my mum lives?", "Galway", ["Cork", "Dublin"]),
]

CONTROLS = [
    # wish / vague plan
    ([(U, 0, "I live in Utrecht, cycling everywhere"),
      (U, 10, "if I ever get to Lisbon for good I'll never complain about rain again. maybe in a couple of years")],
     "What's a good bike shop near me?", "Utrecht", ["Lisbon"]),
    # recruiter pitch
    ([(U, 2, "I'm a designer at Spotify"),
      (U, 12, "a Google recruiter slid into my DMs saying I'd be perfect for them, but I'm staying put, I like my team")],
     "Help me update my bio for the design meetup?", "Spotify", ["Google"]),
    # someone else pushes another OS
    ([(U, 1, "I'm on Ubuntu at home"),
      (U, 11, "my coworker keeps pushing macOS on me. not happening")],
     "How do I update all my packages?", "Ubuntu", ["macOS"]),
    # question about switching
    ([(U, 0, "I drive a Toyota Yaris"),
      (U, 10, "should I trade it in for a Tesla or is that a dumb idea?")],
     "When is my car due for its MOT?", "Yaris", ["Tesla"]),
    # quote
    ([(U, 3, "no meat for me, vegetarian since school"),
      (U, 13, "my trainer literally said 'go carnivore if you want to bulk' 🙄 yeah no")],
     "Give me a high-protein dinner idea?", "vegetarian", ["carnivore"]),
    # third party's change
    ([(U, 0, "I'm at KPMG, audit"),
      (U, 10, "my flatmate just started at Deloitte, he's already complaining about the hours")],
     "Which company should I put on the visa form?", "KPMG", ["Deloitte"]),
    # tried once
    ([(U, 1, "PHP dev here, we're a Laravel shop"),
      (U, 11, "spent saturday messing with OCaml, cool but not for me")],
     "What's a good package manager for the language I use?", "PHP", ["OCaml"]),
    # signed, not started
    ([(U, 2, "I'm a PM at Booking.com"),
      (U, 12, "contract with Uber is signed 🎉 I begin on the 14th of next month, still at Booking until then")],
     "Who's my employer right now, for the rental application?", "Booking", ["Uber"]),
    # interview
    ([(U, 0, "I work at Ocado, warehouse software"),
      (U, 10, "had the final round at Amazon today, think it went ok?")],
     "Draft a message to my team about my holiday dates?", "Ocado", ["Amazon"]),
    # visit
    ([(U, 3, "we live in Edinburgh, Leith specifically"),
      (U, 13, "spent the long weekend in Barcelona, coming back was rough")],
     "Any good brunch spots near home?", "Edinburgh", ["Barcelona"]),
    # nostalgia
    ([(U, 1, "my editor is Neovim"),
      (U, 11, "I miss my old Emacs setup sometimes, that 3000-line init file was art. never again though")],
     "How do I get a file tree in my editor?", "Neovim", ["Emacs"]),
    # the other named speaker's suggestion
    ([("Kai", 0, "got a tabby called Pickle"),
      ("Rosa", 10, "Kai you should get a second cat and call it Waffles"),
      ("Kai", 11, "one cat is plenty, Pickle rules the flat")],
     "What's the name of Kai's cat?", "Pickle", ["Waffles"]),
]

ROWS = SEED + HARDER + CONTROLS
