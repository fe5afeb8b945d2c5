# Hand-typed English update scenarios for update_scenarios_dev6.jsonl.
# Each row: dict(kind, person, turns=[(speaker, text, day)], question, current, stale)
#   kind:   "update" (the value changes) or "control" (it never changes; stale = the distractor)
#   person: None when the question is about the user, else the relative/colleague asked about

U = "user"

ROWS = [
    dict(kind="update", person=None, turns=[
        (U, "the bins in Leicester get collected at 6am and I swear they do it on purpose", 0),
        (U, "finally unpacked the last box in our new place in Norwich, the cathedral is a 10 min walk from the door", 14),
        (U, "and in the same month my cousin moved to Leicester of all places lol", 18),
    ], question="Any good Sunday markets near where I live?", current="Norwich", stale=["Leicester"]),

    dict(kind="update", person=None, turns=[
        (U, "our Atlassian offsite is in Sydney this year, free flights baby", 2),
        (U, "two weeks into GitLab and everything is an issue here, even lunch plans", 18),
        (U, "my old team lead keeps trying to drag me back to Atlassian, not happening", 22),
    ], question="Which company's benefits portal should I be logging into?", current="GitLab", stale=["Atlassian"]),

    dict(kind="update", person=None, turns=[
        (U, "junior QA here, mostly clicking through test plans in TestRail all day", 1),
        (U, "they moved me over to automation and the badge says SDET now 🎉", 20),
    ], question="What should my LinkedIn headline say?", current="SDET", stale=["junior QA"]),

    dict(kind="update", person=None, turns=[
        (U, "the whole codebase is PHP and I have made my peace with it", 0),
        (U, "coworker keeps saying 'real engineers write Haskell' 🙄 ok buddy", 5),
        (U, "migration's done!! anything new is TypeScript on Node, the old PHP monolith is read-only", 15),
        (U, "my mate's startup is all-in on Rust and he keeps sending me job links, tempting but no", 20),
        (U, "and no, I am never touching PHP again, not for any money", 24),
    ], question="Which language should I brush up on before my next code review?", current="TypeScript", stale=["PHP", "Haskell", "Rust"]),

    dict(kind="update", person=None, turns=[
        (U, "Sublime Text still opens faster than anything else on this potato laptop", 3),
        (U, "ok JetBrains wins, I'm in IntelliJ full time now and the refactoring tools feel like cheating", 13),
    ], question="What keyboard shortcuts are worth learning for my editor?", current="IntelliJ", stale=["Sublime"]),

    dict(kind="control", person=None, turns=[
        (U, "my laptop runs openSUSE Tumbleweed and the rolling updates haven't bitten me yet", 0),
        (U, "my brother's on a crusade to get me back on Windows 'like a normal person'. lol no", 12),
        (U, "is macOS any good for music production? just curious, not switching", 20),
    ], question="How do I install Spotify on my laptop?", current="openSUSE", stale=["Windows", "macOS"]),

    dict(kind="update", person=None, turns=[
        (U, "no meat in this house since I was 15, vegetarian to the bone", 4),
        (U, "dropped dairy and eggs too last month, fully vegan now and my skin is weirdly better", 25),
    ], question="The team picked a steakhouse for Friday, what can I order there?", current="vegan", stale=["vegetarian"]),

    dict(kind="update", person=None, turns=[
        (U, "Pickle, my old tabby, sleeps on my keyboard whenever I try to work", 2),
        (U, "we said goodbye to Pickle in the spring 💔 and last week a tiny black kitten called Soot moved in", 16),
    ], question="What's my cat's name? I'm filling in the vet registration form", current="Soot", stale=["Pickle"]),

    dict(kind="update", person="Kofi", turns=[
        (U, "my brother Kofi is an accountant at Deloitte and hates every minute of it", 1),
        (U, "got an interview at KPMG next week, fingers crossed for me", 8),
        (U, "Kofi finally handed in his notice, he's at PwC now and says the coffee alone was worth it", 19),
        (U, "small world: my wife's brother just started at Deloitte", 25),
    ], question="Where does my brother work now?", current="PwC", stale=["Deloitte", "KPMG"]),

    dict(kind="update", person="Amelie", turns=[
        (U, "my sister Amelie lives in Lyon with her two kids and a very loud cat", 0),
        (U, "Amelie's lot relocated to Bordeaux for her husband's job, the kids already have the accent", 17),
        (U, "mum keeps talking about moving to Lyon to be near the grandkids, which makes zero sense now", 22),
    ], question="Which city should I fly to if I want to visit my sister?", current="Bordeaux", stale=["Lyon"]),

    dict(kind="update", person=None, turns=[
        (U, "my manager is Greta, she's very chill about deadlines", 3),
        (U, "Greta went off to lead another org, Tobias is who I report to as of this sprint", 15),
    ], question="Who has to approve my holiday request?", current="Tobias", stale=["Greta"]),

    dict(kind="update", person=None, turns=[
        (U, "the Fiesta is making that rattling noise again, 140k miles on her", 0),
        (U, "traded the old Ford in, we're a Skoda Octavia estate family now, the boot is enormous", 30),
    ], question="What tyre size do I need for my car?", current="Octavia", stale=["Fiesta"]),

    dict(kind="update", person=None, turns=[
        (U, "my Galaxy S21 battery is on its last legs, dies by 3pm", 5),
        (U, "this iPhone 15 is taking some getting used to, where is the back button??", 18),
    ], question="Walk me through taking a screenshot on my phone", current="iPhone", stale=["Galaxy"]),

    dict(kind="control", person="Maya", turns=[
        (U, "my girlfriend Maya and I signed up for a cooking class, week one was knife skills", 1),
        (U, "my ex Jess texted me happy birthday out of nowhere, weird", 10),
        (U, "Maya's mum is visiting this weekend, pray for me", 14),
    ], question="I'm booking a table for two for our anniversary, whose name goes next to mine?", current="Maya", stale=["Jess"]),

    dict(kind="update", person="Ravi", turns=[
        (U, "my coworker Ravi codes in Java all day and somehow loves it", 2),
        (U, "Ravi moved to the data team and now it's wall-to-wall Scala for him", 20),
    ], question="What language is Ravi writing these days?", current="Scala", stale=["Java"]),

    dict(kind="update", person=None, turns=[
        (U, "I play tennis at the club most weekends, doubles mostly", 0),
        (U, "since the shoulder thing I've switched to swimming, 2k every morning at the lido", 22),
    ], question="What gear should I put on my birthday wishlist?", current="swimming", stale=["tennis"]),

    dict(kind="update", person="Leo", turns=[
        (U, "my son Leo's first year at Exeter is going well, he even cooks now", 3),
        (U, "Leo transferred to Bristol for second year, closer to his girlfriend lol", 21),
        (U, "my niece just got her offer from Exeter!", 25),
    ], question="Which uni's parents' weekend should I book for my son?", current="Bristol", stale=["Exeter"]),

    dict(kind="update", person=None, turns=[
        (U, "pottery is my thing at the moment, the wheel is very humbling", 1),
        (U, "gave up the studio pass, I'm all in on woodworking now and the garage is full of sawdust", 14),
    ], question="Any weekend workshop you'd recommend for my hobby?", current="woodworking", stale=["pottery"]),

    dict(kind="update", person="Nadia", turns=[
        (U, "my wife Nadia is a pharmacist at Boots, she knows every drug interaction by heart", 0),
        (U, "Nadia finished her training and she's a midwife now!! so proud of her", 12),
        (U, "my cousin is thinking about becoming a pharmacist", 16),
    ], question="What does my wife do for work these days?", current="midwife", stale=["pharmacist"]),

    dict(kind="control", person=None, turns=[
        (U, "I'm at Bloomberg, eight years this spring", 0),
        (U, "a recruiter from Citadel slid into my DMs with a frankly insane number", 6),
        (U, "nah I turned Citadel down, Bloomberg's fine", 11),
    ], question="If I need a payslip, whose HR team do I email?", current="Bloomberg", stale=["Citadel"]),

    dict(kind="control", person=None, turns=[
        (U, "Cape Town winter is basically rain and braai", 2),
        (U, "the Johannesburg offer would double my salary but I'm not uprooting my life for it", 15),
    ], question="Do I need an umbrella here this weekend?", current="Cape Town", stale=["Johannesburg"]),

    dict(kind="control", person=None, turns=[
        (U, "pescatarian for 5 years, fish tacos are my love language", 1),
        (U, "my gym bro insists keto would fix my life, not doing it", 9),
        (U, "tried a keto day once, never again", 12),
    ], question="Can you suggest a dinner recipe that fits my diet?", current="pescatarian", stale=["keto"]),

    dict(kind="update", person=None, turns=[
        (U, "violin lessons every week from age 6, my mum made me and now I'm grateful", 0),
        (U, "haven't touched the violin in months, it's all cello now, my teacher says the bowing transfers", 20),
    ], question="What strings should I buy for my instrument?", current="cello", stale=["violin"]),

    dict(kind="update", person=None, turns=[
        (U, "our stuff is all in MySQL for now", 0),
        (U, "moved the analytics side to MongoDB... mistake, I think", 10),
        (U, "ripped Mongo out, everything sits in CockroachDB now", 28),
    ], question="Which database docs should I have open this week?", current="CockroachDB", stale=["MySQL", "MongoDB"]),

    dict(kind="update", person="Dario", turns=[
        (U, "Dario, my tech lead, is based in Milan", 4),
        (U, "Dario's moved to Zurich, so our in-person standups just got even more expensive", 20),
        (U, "I'm planning a trip to Milan next month", 24),
    ], question="Which city is Dario in now?", current="Zurich", stale=["Milan"]),
]
