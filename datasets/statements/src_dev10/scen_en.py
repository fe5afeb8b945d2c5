# Hand-typed English update scenarios for update_scenarios_dev10.jsonl.
# Row: dict(kind, about, turns=[(text, day), ...], question, current, stale)
# kind: "update" or "control"; about: "self" or the named person the question asks about.
# All turns are by "user"; the asker is "user".

ROWS = [
    dict(kind="update", about="self", attr="city", turns=[
        ("the hills in Sheffield are wrecking my calves on the walk home, I swear they get steeper", 2),
        ("best thing about Norwich: it's flat! I can actually cycle to work since the move 😂", 16),
        ("my old housemate in Sheffield just sent me a photo of the snow, smug about it too", 20),
    ], question="are there any decent running clubs near me?", current="Norwich", stale=["Sheffield"]),

    dict(kind="update", about="self", attr="employer", turns=[
        ("the Aviva canteen does a surprisingly good curry on thursdays, small mercies", 1),
        ("week two at Experian and the lifts in that building are a maze, ended up in the post room today", 14),
        ("an old Aviva colleague asked whether Experian is hiring, told her to send me her CV", 21),
    ], question="which company should I name as my employer on the mortgage form?", current="Experian",
        stale=["Aviva"]),

    dict(kind="update", about="self", attr="job_title", turns=[
        ("being a trainee accountant means I do all the photocopying and none of the interesting bits lol", 0),
        ("they promoted me!! audit senior since monday 🥳 the pay bump is real and so is the overtime", 18),
        ("the new trainee accountant asked me where the stapler lives. I am the elder now", 24),
    ], question="what should my LinkedIn headline say?", current="audit senior", stale=["trainee accountant"]),

    dict(kind="update", about="self", attr="programming_language", turns=[
        ("another day in legacy PHP land, someone wrote a 4000-line function and called it helpers", 3),
        ("the team went all in on Elixir this quarter and I'm weirdly in love with pattern matching", 15),
        ("a mate keeps insisting PHP 8 is actually nice now. sure, mate", 22),
    ], question="I've got a book budget at work, what should I get for the language I code in?", current="Elixir", stale=["PHP"]),

    dict(kind="update", about="self", attr="editor", turns=[
        ("yes I still use Atom. it's dead, but it's MY dead editor", 2),
        ("finally ditched Atom for Helix, modal editing broke my brain for a day but I'm hooked", 12),
        ("a colleague showed off his VS Code setup, very pretty, still not for me", 20),
    ], question="which editor should my little plugin project target first?", current="Helix", stale=["Atom"]),

    dict(kind="update", about="self", attr="diet", turns=[
        ("pescatarian life means fish finger sandwiches are basically my whole personality", 1),
        ("a full month fully vegan now, even the fish went. feeling great, missing cheese", 20),
    ], question="can you suggest a dinner for tonight that fits how I eat?", current="vegan",
        stale=["pescatarian"]),

    dict(kind="control", about="self", attr="city", turns=[
        ("Dundee waterfront looks class in the sun, I forget how nice it is here", 0),
        ("back from a week in Lisbon, tanned and broke and already missing the custard tarts", 14),
    ], question="what's the weather looking like where I live this weekend?", current="Dundee",
        stale=["Lisbon"]),

    dict(kind="update", about="self", attr="pet", turns=[
        ("Pudding (our tabby) has claimed my laptop bag as her bed and I'm not allowed to move it", 1),
        ("meet Ziggy! a scruffy little terrier from the rescue ❤️ we still miss Pudding every day since we lost "
         "her in the spring", 25),
    ], question="what name do I put on the pet insurance form?", current="Ziggy", stale=["Pudding"]),

    dict(kind="update", about="self", attr="manager", turns=[
        ("Karen (my manager) wants the report by friday, naturally, after moving the deadline twice", 2),
        ("Karen's been moved to another team, so Nadia's my boss now and she actually reads my emails", 17),
        ("bumped into Karen at the coffee machine, she seems much happier over there", 22),
    ], question="who do I need to ask to sign off my holiday?", current="Nadia", stale=["Karen"]),

    dict(kind="update", about="self", attr="car", turns=[
        ("the fiesta's clutch makes a noise like a dying goose every time I pull off", 3),
        ("picked up a second-hand Honda Jazz, the old Fiesta went to the scrapyard in one last cloud of smoke", 19),
    ], question="need new tyres, which size does my car take?", current="Honda Jazz", stale=["Fiesta"]),

    dict(kind="update", about="self", attr="phone", turns=[
        ("my galaxy s10 has a green line right down the screen now 🙃", 1),
        ("the OnePlus 12 is so fast I keep opening apps by accident", 14),
    ], question="how do I turn on screen recording on my phone?", current="OnePlus 12", stale=["Galaxy S10"]),

    dict(kind="update", about="self", attr="sport", turns=[
        ("tennis club tonight, my backhand is a public safety hazard", 0),
        ("wrist surgery finished off the tennis, so I've joined a rowing club. 6am starts, send coffee", 21),
        ("still miss the tennis gossip at the clubhouse tbh", 26),
    ], question="what kit should I be buying for my training?", current="rowing", stale=["tennis"]),

    dict(kind="update", about="Esme", attr="city", turns=[
        ("Esme (my little sister) adores her tiny flat in Bath, she's painted every wall a different green", 2),
        ("Esme's settled into Oslo, she says a coffee costs as much as a pizza there", 15),
        ("spa weekend in Bath booked for june with the girls, Esme's gutted she can't come", 20),
    ], question="which city do I fly to if I want to visit Esme?", current="Oslo", stale=["Bath"]),

    dict(kind="update", about="Marcus", attr="employer", turns=[
        ("Marcus is on nights at Tesco again, my brother basically lives on meal deals", 1),
        ("Marcus jumped ship to Lidl, better pay and he gets weekends off apparently", 13),
    ], question="where does Marcus work these days?", current="Lidl", stale=["Tesco"]),

    dict(kind="update", about="Noor", attr="job_title", turns=[
        ("Noor's a teaching assistant and comes home covered in glitter most days", 4),
        ("my wife Noor started as the school librarian this term, no more glitter, just overdue books", 27),
    ], question="what does Noor do for work now?", current="school librarian", stale=["teaching assistant"]),

    dict(kind="update", about="Bilal", attr="programming_language", turns=[
        ("Bilal's still stuck maintaining the big Java monolith, poor guy", 0),
        ("Bilal got moved onto the data platform and he writes Scala all day now", 11),
        ("and who inherited the Java monolith from him? me, obviously", 15),
    ], question="which language is Bilal coding in these days?", current="Scala", stale=["Java"]),

    dict(kind="update", about="Alfie", attr="university", turns=[
        ("Alfie's first term at Leeds went really well, he's even cooking for himself", 3),
        ("Alfie transferred to Durham for second year to be closer to his girlfriend", 30),
    ], question="which uni is Alfie at?", current="Durham", stale=["Leeds"]),

    dict(kind="control", about="Imogen", attr="hobby", turns=[
        ("Imogen's pottery evening class is the highlight of her week, she made me a wonky mug", 2),
        ("Imogen tried one salsa lesson and said never again, straight back to the wheel", 16),
    ], question="Imogen's birthday is soon, something for her hobby maybe?", current="pottery", stale=["salsa"]),

    dict(kind="update", about="self", attr="database", turns=[
        ("our app is still on SQLite, please don't laugh", 1),
        ("migrated the whole app over to PostgreSQL this weekend, only broke two things", 12),
        ("and now the new CTO wants CockroachDB, so we've moved AGAIN, Postgres is switched off", 30),
    ], question="which database does my app run on?", current="CockroachDB", stale=["SQLite", "PostgreSQL"]),

    dict(kind="update", about="self", attr="operating_system", turns=[
        ("the macOS update wiped my settings again, why does it keep doing that", 0),
        ("gave the old macbook to my niece, and my new ThinkPad runs Fedora, not looking back", 18),
    ], question="my laptop needs a VPN for work, what are the steps?", current="Fedora", stale=["macOS"]),

    dict(kind="update", about="self", attr="team", turns=[
        ("onboarding team standup is 9am sharp and I have yet to make it on time", 2),
        ("moved over to the payments squad, way more on-call but way more interesting", 16),
        ("the onboarding folks still ping me with questions, I don't mind really", 20),
    ], question="which team channel should I post the outage write-up in?", current="payments",
        stale=["onboarding"]),

    dict(kind="control", about="self", attr="job_title", turns=[
        ("twelve patients today and my own back is killing me, being a physio is ironic like that", 1),
        ("a gym offered me a personal trainer gig, said no, physio is where my heart is", 15),
    ], question="what job title goes on my new business cards?", current="physio", stale=["personal trainer"]),

    dict(kind="control", about="self", attr="learning_language", turns=[
        ("my Italian lessons are going so well, I can order a coffee without panicking", 3),
        ("a friend keeps pushing me to switch to Spanish because it's 'more useful', nah", 12),
    ], question="any podcasts you'd suggest for my commute, in the language I'm learning?", current="Italian", stale=["Spanish"]),

    dict(kind="control", about="self", attr="city", turns=[
        ("Cork is soggy today, big surprise", 0),
        ("five days in Boston for work, the jetlag is brutal", 14),
        ("home at last, back to my own bed and the rain", 19),
    ], question="where's a good weekend hike within an hour of home?", current="Cork", stale=["Boston"]),

    dict(kind="update", about="self", attr="hobby", turns=[
        ("knitting a scarf that's now 3 metres long, send help", 2),
        ("the knitting needles live at my aunt's now, birdwatching is my new thing, got the binoculars and everything", 19),
        ("my aunt has already knitted a hat with my old needles, show-off", 23),
    ], question="my birthday's coming up, any gift ideas linked to what I do in my free time?", current="birdwatching",
        stale=["knitting"]),
]
