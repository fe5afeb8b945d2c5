"""dev15 English knowledge-update scenarios, typed by hand.

Each row: dict(kind="update"|"control", turns=[(speaker, text, day), ...], question, asker, current, stale).
"""

ROWS = [
    # ---- updates ----
    dict(kind="update", turns=[
        ("user", "Is there a decent climbing wall in Gloucester? I'm down near the docks.", 1),
        ("user", "Last box unpacked in Cheltenham. Ten minutes up the road from the old flat but it feels like a new life.", 18)],
        question="What day do the bins go out where I live? Look it up for me.", asker="user",
        current="Cheltenham", stale=["Gloucester"]),
    dict(kind="update", turns=[
        ("user", "Another shift at Argos, I'm reciting catalogue numbers in my sleep. Good hand cream for dry knuckles?", 0),
        ("user", "Dunelm is a lovely change after the Argos chaos, cushions don't argue back.", 21)],
        question="Draft a short note to HR at my workplace asking for my P60.", asker="user",
        current="Dunelm", stale=["Argos"]),
    dict(kind="update", turns=[
        ("user", "As a junior copywriter I get all the product descriptions for socks. How do I make socks exciting?", 3),
        ("user", "Promoted! I'm content lead as of this month, which mostly means more meetings about socks.", 30)],
        question="Reword my LinkedIn headline so it shows my role properly.", asker="user",
        current="content lead", stale=["junior copywriter"]),
    dict(kind="update", turns=[
        ("user", "Still maintaining a pile of Objective-C at work, square brackets everywhere. Why are blocks so ugly?", 2),
        ("user", "The rewrite shipped, the app is all Swift now and I deleted the last .m file with great ceremony.", 40)],
        question="Recommend a book for the language I use at work these days.", asker="user",
        current="Swift", stale=["Objective-C"]),
    dict(kind="update", turns=[
        ("user", "Atom keeps nagging me that it's been sunset. Can I ignore it for a bit?", 0),
        ("user", "OK I gave in, I'm in Kate now. Snappy, and the KDE integration is nice.", 15)],
        question="Which config file should I back up for my editor?", asker="user",
        current="Kate", stale=["Atom"]),
    dict(kind="update", turns=[
        ("user", "my moto g battery is dying by lunchtime, is that fixable or is it toast", 1),
        ("user", "caved and got an iPhone SE off my cousin. Moto G is in the drawer of shame now", 14),
        ("user", "also, any tips for a first-time iphone user?", 15)],
        question="How do I take a screenshot on my phone?", asker="user",
        current="iPhone SE", stale=["Moto G"]),
    dict(kind="update", turns=[
        ("user", "Vegetarian since uni, eggs and cheese keep me going. Need a frittata recipe.", 4),
        ("user", "Went fully vegan after that dairy farm documentary. Four weeks in and I don't miss cheese as much as I feared.", 26)],
        question="Plan my meals for next week.", asker="user",
        current="vegan", stale=["vegetarian"]),
    dict(kind="update", turns=[
        ("user", "Ryan's taking me to see a play for our anniversary, what do I wear to the Crucible?", 0),
        ("user", "Ryan and I split in the spring, sad but right. I've been seeing Mateo for a couple of months and it's easy in a way it never was.", 35)],
        question="Suggest a present for my other half.", asker="user",
        current="Mateo", stale=["Ryan"]),
    dict(kind="update", turns=[
        ("user", "Peanut the hamster has started escaping at night, how do I hamster-proof a cage?", 3),
        ("user", "We buried Peanut under the apple tree. The kids picked a new one out on Saturday and called her Waffle.", 22)],
        question="What name goes on the label for the hamster's vet appointment?", asker="user",
        current="Waffle", stale=["Peanut"]),
    dict(kind="update", turns=[
        ("Zara", "Deborah's my manager and she's brilliant but she books meetings at 8am.", 1),
        ("Liam", "Mine's Ruth, the opposite problem, she books them at 6pm.", 2),
        ("Zara", "Deborah went to the Singapore office, so I report to Kenji now. Quiet bloke, no early meetings so far.", 20)],
        question="Who should I cc for sign-off on my leave request?", asker="Zara",
        current="Kenji", stale=["Deborah"]),
    dict(kind="update", turns=[
        ("user", "The Corsa's clutch is slipping again. Worth fixing on a 2011?", 0),
        ("user", "Traded the Corsa in for a used Qashqai. So much room for the pram.", 19)],
        question="What tyre size do I need for my car?", asker="user",
        current="Qashqai", stale=["Corsa"]),
    dict(kind="update", turns=[
        ("user", "I'm on the payments squad, and a card-auth outage ate my weekend. How do I write a blameless postmortem?", 5),
        ("user", "Internal move went through, I'm on the fraud team now. Different dashboards, same coffee.", 28)],
        question="Which team name do I put on my conference badge?", asker="user",
        current="fraud", stale=["payments"]),
    dict(kind="update", turns=[
        ("user", "My nephew Ethan's at Wickes on the trade counter. What's a good gift for someone who's on his feet all day?", 2),
        ("user", "Ethan's moved over to Travis Perkins, better money apparently.", 17)],
        question="Which company does Ethan work for now?", asker="user",
        current="Travis Perkins", stale=["Wickes"]),
    dict(kind="update", turns=[
        ("user", "Dad's a swimming nut, every morning at the lido, even in November. Is that healthy at 70?", 0),
        ("user", "Dad's given up the lido and joined a rowing club, of all things, at 70. Out on the river three times a week.", 24)],
        question="What sport is my dad into these days?", asker="user",
        current="rowing", stale=["swimming"]),
    dict(kind="update", turns=[
        ("Noor", "Violin's my thing, in a folk band, jigs mostly. Any tips for faster bowing?", 3),
        ("Ben", "I'm the drummer in that band, for the record, and I'm the one who rushes.", 4),
        ("Noor", "Swapped to viola, the band was short on low notes. Learning alto clef is melting my brain.", 33)],
        question="Book me a lesson with a teacher for the instrument I play now.", asker="Noor",
        current="viola", stale=["violin"]),

    # ---- controls ----
    dict(kind="control", turns=[
        ("user", "Carlisle, the castle end. Any good bakeries?", 1),
        ("user", "Would the train commute be worth it if I moved out to Penrith?", 16)],
        question="Find me a dentist near home.", asker="user",
        current="Carlisle", stale=["Penrith"]),
    dict(kind="control", turns=[
        ("Holly", "I'm at Halfords doing bike repairs, mostly punctures and crying children.", 0),
        ("Dan", "I've left Halfords myself, started at Kwik Fit on Monday.", 12),
        ("Holly", "Lucky you! Anyway, how do I true a wheel without a stand?", 13)],
        question="Fill in the employer field on my payslip query form.", asker="Holly",
        current="Halfords", stale=["Kwik Fit"]),
    dict(kind="control", turns=[
        ("user", "Working as a barista at a little indie place, latte art is my whole personality.", 2),
        ("user", "Thinking of applying to be a train conductor next spring, what's the interview like?", 20)],
        question="What should I put under current role on my CV?", asker="user",
        current="barista", stale=["train conductor"]),
    dict(kind="control", turns=[
        ("user", "Our services are all Scala, and sbt is slow as treacle. Any tricks?", 1),
        ("user", "The platform team keeps pushing us towards Golang but we're not moving. Staying put.", 14)],
        question="What language should the code samples in my talk use?", asker="user",
        current="Scala", stale=["Golang"]),
    dict(kind="control", turns=[
        ("user", "Moth, my tabby, has decided 4am is breakfast time. Help.", 0),
        ("user", "Would a second cat called Pudding stress Moth out, do you think?", 11)],
        question="Print the name for my cat's collar tag.", asker="user",
        current="Moth", stale=["Pudding"]),
]
