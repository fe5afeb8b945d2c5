# Hand-typed English update scenarios for dev8.
# Row: dict(kind="update"|"control", turns=[(day, text), ...], question=..., current=..., stale=[...], about=None|name)
# Licence: CC0 1.0.
ROWS = [
dict(kind="update", turns=[
    (1, "The rent for my studio in Nottingham went up again, so I'm cutting back on takeaways."),
    (15, "It's strange waking up to seagulls now that I've relocated to Plymouth for the new job."),
    (19, "My old flatmate says Nottingham feels empty without me, which is sweet of him.")],
    question="Is there a climbing gym you would recommend near where I live?", current="Plymouth", stale=["Nottingham"]),
dict(kind="update", turns=[
    (2, "Our quarterly all-hands at Unilever ran for three hours today."),
    (16, "My first payslip from Tesco arrived, and the numbers look a lot better."),
    (20, "Someone I used to sit next to at Unilever asked me for a reference.")],
    question="Which company's pension scheme am I paying into?", current="Tesco", stale=["Unilever"]),
dict(kind="update", turns=[
    (0, "As a junior copywriter I mostly write product descriptions for garden furniture."),
    (14, "They promoted me, so my email signature now reads Senior Copywriter and I sign off other people's work.")],
    question="What title should I put on my conference badge?", current="Senior Copywriter", stale=["junior copywriter"]),
dict(kind="update", turns=[
    (3, "I maintain a pile of Perl scripts that nobody else on the team dares to touch."),
    (17, "We finally retired those scripts; I rewrote the whole pipeline in Python over the summer and it's all I write now."),
    (21, "Someone on Reddit insists Perl is about to make a comeback. It isn't.")],
    question="Which language should my coding interview practice focus on?", current="Python", stale=["Perl"]),
dict(kind="update", turns=[
    (1, "Sublime Text stays open on my screen all day, even though everyone mocks it."),
    (13, "I gave in and moved everything over to Zed; the pair-editing feature sold me.")],
    question="Which editor should I look for a Markdown plugin for?", current="Zed", stale=["Sublime Text"]),
dict(kind="update", turns=[
    (0, "My work laptop runs Windows 10, and IT won't let me change anything on it."),
    (12, "The replacement laptop IT handed out came with Ubuntu preinstalled, and I'm honestly thrilled."),
    (18, "Meanwhile my brother still swears by Windows for gaming.")],
    question="What OS should the install guide you write for me cover?", current="Ubuntu", stale=["Windows"]),
dict(kind="control", turns=[
    (2, "I've been vegetarian for years, and lentil curry is my comfort food."),
    (11, "My personal trainer wants me to try the carnivore diet, which sounds horrifying."),
    (14, "I told him no; I'm sticking with plants.")],
    question="Can you plan my meals for next week?", current="vegetarian", stale=["carnivore"]),
dict(kind="update", turns=[
    (4, "Our old tabby, Marmalade, spends the whole day on the radiator."),
    (20, "We lost Marmalade in the spring, and since last week a rescue kitten called Pudding has been running the house.")],
    question="Which of my pets needs its vaccinations booked?", current="Pudding", stale=["Marmalade"]),
dict(kind="update", turns=[
    (0, "My manager Graham approves my leave requests within minutes."),
    (15, "Graham has retired, and the person I answer to now is Yasmin, who wants everything in writing.")],
    question="Who should I send my holiday request to?", current="Yasmin", stale=["Graham"]),
dict(kind="update", turns=[
    (3, "The old Nissan Micra failed its MOT again."),
    (22, "We part-exchanged the Micra, and what sits on our driveway now is a Kia Niro hybrid.")],
    question="How much should I budget for servicing my car?", current="Kia Niro", stale=["Micra"]),
dict(kind="update", turns=[
    (1, "The battery in my iPhone 11 lasts about four hours these days."),
    (14, "I picked up a Galaxy A54 on a contract deal, and the battery is amazing."),
    (17, "My mum wants my old iPhone, so I'm wiping it for her.")],
    question="Find me a case that fits my phone.", current="Galaxy A54", stale=["iPhone 11"]),
dict(kind="update", turns=[
    (0, "Tuesday squash league again; I lost 3-0."),
    (25, "My knee has ruled out squash for good, so I joined a rowing club and I'm on the river twice a week.")],
    question="Suggest a snack to have before my sport sessions.", current="rowing", stale=["squash"]),
dict(kind="update", about="Ethan", turns=[
    (2, "My son Ethan is finishing his first year at Cardiff University."),
    (16, "Ethan transferred to the University of Bath this term because of its engineering course.")],
    question="Which university is Ethan at now?", current="University of Bath", stale=["Cardiff University"]),
dict(kind="update", about="Owen", turns=[
    (1, "My brother Owen rents a flat in Cambridge near the station."),
    (18, "Owen has been living in Bedford since the start of the month; it's closer to his job and half the rent."),
    (23, "I'm in Cambridge next month for a conference, shame Owen won't be around.")],
    question="Where does Owen live these days?", current="Bedford", stale=["Cambridge"]),
dict(kind="update", about="Hattie", turns=[
    (0, "My sister Hattie works at the BBC in the news department."),
    (14, "Hattie left the BBC and is a producer at Channel 4 now."),
    (19, "Her old BBC colleagues still invite her to the pub on Fridays.")],
    question="Who employs Hattie at the moment?", current="Channel 4", stale=["BBC"]),
dict(kind="update", about="Leona", turns=[
    (3, "My wife Leona works as a primary school teacher."),
    (21, "Leona retrained, and since September she has been working as a speech therapist.")],
    question="What does Leona do for a living?", current="speech therapist", stale=["primary school teacher"]),
dict(kind="update", about="Arjun", turns=[
    (2, "My teammate Arjun writes all of our services in Ruby."),
    (15, "Arjun has gone all in on Elixir; he hasn't opened a Ruby file in weeks.")],
    question="What language does Arjun code in nowadays?", current="Elixir", stale=["Ruby"]),
dict(kind="update", turns=[
    (1, "Our inventory service keeps everything in MongoDB."),
    (13, "Last month we migrated inventory off Mongo and onto PostgreSQL."),
    (16, "Someone at standup suggested Cassandra for the logs someday; nobody reacted.")],
    question="Could you write sample queries for the database we use?", current="PostgreSQL", stale=["MongoDB"]),
dict(kind="update", turns=[
    (0, "I'm on the onboarding team, mostly fixing sign-up bugs."),
    (17, "After the reorg I moved across to the billing team, and it's invoices all day.")],
    question="Which team's Slack channel should I be posting my updates in?", current="billing", stale=["onboarding"]),
dict(kind="update", turns=[
    (2, "Most weekends I'm out birdwatching on the marshes with my binoculars."),
    (19, "The binoculars are gathering dust; woodworking has taken over, and I'm building a bookcase in the garage.")],
    question="What should I ask for as a birthday present for my hobby?", current="woodworking", stale=["birdwatching"]),
dict(kind="control", turns=[
    (1, "Life in Aberdeen is quiet, but I like it."),
    (12, "I got an offer from a firm in London and turned it down."),
    (15, "My partner and I are staying put for the foreseeable future.")],
    question="Is there a decent local news site for my town?", current="Aberdeen", stale=["London"]),
dict(kind="control", turns=[
    (0, "Ten years at Rolls-Royce this month."),
    (11, "I had a coffee with a recruiter from Airbus; not interested."),
    (13, "Looks like I'm signing up for another decade where I am.")],
    question="What employer goes on my mortgage form?", current="Rolls-Royce", stale=["Airbus"]),
dict(kind="control", turns=[
    (3, "I play the clarinet in the town wind band."),
    (14, "A friend keeps nagging me about taking up the saxophone."),
    (16, "I had a go on his for ten minutes and I'll be staying with what I've got.")],
    question="Where can I get reeds and a stand for the instrument I play?", current="clarinet", stale=["saxophone"]),
dict(kind="control", about="Bettina", turns=[
    (2, "My tech lead Bettina runs everything on Fedora."),
    (15, "Bettina got a shiny MacBook from the company, but she only uses it for video calls; the real work stays on her Fedora box.")],
    question="Which operating system does Bettina work on?", current="Fedora", stale=["MacBook"]),
dict(kind="update", turns=[
    (0, "I work as a barista at a café near the university."),
    (14, "Since the 1st I've been a trainee accountant at a small firm."),
    (18, "Maybe one day I'll open a café of my own, who knows.")],
    question="What should my LinkedIn headline say?", current="trainee accountant", stale=["barista"]),
]
