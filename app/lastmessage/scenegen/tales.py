"""The little stories of each place: authored vignettes of 2-4 figures (pure data; issue 21, deliverable 3).

A scene is full of people doing something to one another: a dog that has stolen a sausage and the
chef running after it, a pickpocket behind a tourist reading a map, a man on one knee. Each member
of a story is described by it ("the chef chasing the dog that stole his sausage"), in English and
Romanian, so a victim can draw the story as well as the traits. `vignettes.py` places them; each
member here says who it is (a kind of person, or an animal), its pose and what it holds, where it
stands in the story (in member gaps from the first, `dy` down the picture) and which way it looks.
A story may happen by one kind of prop (`near`) on one kind of ground of the recipe (`place`), and
may leave a mark the scene draws on the ground (`vignettes.MARKS`: the dropped ice cream).

Stories are scene data like the people's names (written into the file), not screen texts, so they
are not in the gettext catalogs.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Role:
    who: str                 # a person (`traits.PEOPLE`) or an animal (`creatures.ANIMALS`)
    pose: str
    holding: str
    dx: float                # member gaps to the right of the first member (the story may be mirrored)
    dy: float                # member gaps down the picture
    facing: str              # left, right or back (up the picture, away from the viewer)
    en: str
    ro: str
    costume: str = ""


@dataclass(frozen=True)
class Tale:
    slug: str
    en: str
    ro: str
    roles: tuple[Role, ...]
    near: tuple[str, ...] = ()   # prop names the story happens by (any one of them)
    place: str = "ground"        # which of the recipe's grounds (`vignettes.place_tales`)
    mark: str = ""               # a thing drawn on the ground (`vignettes.MARKS`)


def _r(who: str, pose: str, holding: str, dx: float, dy: float, facing: str, en: str, ro: str,
       costume: str = "") -> Role:
    return Role(who, pose, holding, dx, dy, facing, en, ro, costume)


PICKPOCKET = Tale("pickpocket", "a pickpocket behind a tourist reading a map",
                  "un hoț de buzunare în spatele unui turist care citește o hartă", (
    _r("man", "standing", "map", 0, 0, "right", "the tourist reading a map while his pocket is picked",
       "turistul care citește harta în timp ce i se golește buzunarul"),
    _r("man", "reaching", "", -0.95, -0.2, "right", "the pickpocket reaching into the tourist's pocket",
       "hoțul de buzunare care bagă mâna în buzunarul turistului")))
SELFIE = Tale("selfie", "a selfie photobombed by a dancing boy", "un selfie stricat de un băiat care dansează", (
    _r("woman", "standing", "phone", 0, 0, "right", "the woman taking a selfie with her phone",
       "femeia care își face un selfie cu telefonul"),
    _r("man", "standing", "", 0.85, 0, "left", "the man posing in the selfie", "bărbatul care pozează în selfie"),
    _r("boy", "dancing", "", 0.4, -1.35, "left", "the boy dancing behind the selfie",
       "băiatul care dansează în spatele celor care își fac selfie")))
PROPOSAL = Tale("proposal", "a man on one knee proposing", "un bărbat în genunchi care o cere de soție", (
    _r("man", "kneeling", "flowers", 0, 0, "right", "the man on one knee proposing with flowers",
       "bărbatul în genunchi care o cere de soție cu un buchet de flori"),
    _r("woman", "standing", "handbag", 0.9, 0, "left", "the woman being proposed to", "femeia cerută de soție"),
    _r("old woman", "standing", "camera", 1.9, -0.5, "left", "the old woman taking a photo of the proposal",
       "bătrâna care fotografiază cererea în căsătorie")))
ICE_CREAM = Tale("ice-cream", "a boy who dropped his ice cream, and his mother handing him another",
                 "un băiat care și-a scăpat înghețata și mama lui care îi dă alta", (
    _r("boy", "standing", "", 0, 0, "right", "the boy who dropped his ice cream", "băiatul care și-a scăpat înghețata"),
    _r("woman", "reaching", "ice cream", 0.9, 0, "left", "the mother handing the boy a new ice cream",
       "mama care îi dă băiatului o înghețată nouă")), mark="ice cream")
SAUSAGE = Tale("sausage", "a dog that stole a sausage, the chef running after it",
               "un câine care a furat un cârnat și bucătarul care fuge după el", (
    _r("dog", "", "", 0, 0, "right", "the dog that stole the sausage", "câinele care a furat cârnatul"),
    _r("man", "running", "ladle", -1.5, 0.1, "right", "the chef chasing the dog that stole his sausage",
       "bucătarul care fuge după câinele care i-a furat cârnatul", "chef")), mark="sausage")
WAITER = Tale("waiter", "a waiter tripping over a banana peel with his tray",
              "un chelner care se împiedică de o coajă de banană, cu tava în mână", (
    _r("man", "tripping", "tray", 0, 0, "right", "the waiter tripping over a banana peel",
       "chelnerul care se împiedică de o coajă de banană", "waiter"),
    _r("girl", "standing", "lollipop", 1.2, 0.15, "left", "the girl who dropped the banana peel",
       "fata care a aruncat coaja de banană")), mark="banana peel")
PIGEONS = Tale("pigeons", "an old man feeding the pigeons", "un bătrân care hrănește porumbeii", (
    _r("old man", "reaching", "baguette", 0, 0, "right", "the old man feeding the pigeons with a baguette",
       "bătrânul care hrănește porumbeii cu o baghetă"),
    _r("pigeon", "", "", 1.0, 0.25, "left", "a pigeon the old man is feeding", "un porumbel hrănit de bătrân"),
    _r("pigeon", "", "", 1.25, -0.35, "left", "a pigeon the old man is feeding", "un porumbel hrănit de bătrân")))
BALLOON = Tale("balloon", "a girl whose balloon flew away", "o fată căreia i-a zburat balonul", (
    _r("girl", "reaching", "", 0, 0, "right", "the girl whose balloon flew away", "fata căreia i-a zburat balonul"),
    _r("man", "standing", "shopping bag", -0.9, 0, "right", "the father watching his daughter's balloon fly away",
       "tatăl care se uită după balonul fiicei lui")), mark="balloon")
LEASHES = Tale("leashes", "two dogs with their leashes in a knot", "doi câini cu lesele încurcate", (
    _r("woman", "standing", "dog", 0, 0, "right", "the woman whose dog's leash is in a knot with the man's",
       "femeia al cărei câine și-a încurcat lesa cu a bărbatului"),
    _r("man", "standing", "dog", 1.15, 0, "left", "the man whose dog's leash is in a knot with the woman's",
       "bărbatul al cărui câine și-a încurcat lesa cu a femeii")))
BAG_THIEF = Tale("bag-thief", "a thief running off with a handbag, its owner after him",
                 "un hoț care fuge cu o poșetă, cu păgubașa după el", (
    _r("man", "running", "handbag", 0, 0, "right", "the thief running off with a handbag", "hoțul care fuge cu o poșetă"),
    _r("woman", "running", "", -1.4, 0.1, "right", "the woman chasing the thief who took her handbag",
       "femeia care fuge după hoțul care i-a luat poșeta")))
FLOWERS = Tale("flowers", "a boy giving flowers to his grandmother", "un băiat care îi dăruiește flori bunicii", (
    _r("boy", "reaching", "flowers", 0, 0, "right", "the boy giving flowers to his grandmother",
       "băiatul care îi dăruiește flori bunicii"),
    _r("old woman", "standing", "walking stick", 0.85, 0, "left", "the grandmother given flowers by her grandson",
       "bunica ce primește flori de la nepot")))
SHOELACE = Tale("shoelace", "a father kneeling to tie his son's shoelace", "un tată care îngenunchează să-i lege șiretul fiului", (
    _r("man", "kneeling", "", 0, 0, "right", "the father kneeling to tie his son's shoelace",
       "tatăl care îngenunchează să-i lege șiretul fiului"),
    _r("boy", "standing", "balloon", 0.8, 0, "left", "the boy whose shoelace is being tied", "băiatul căruia i se leagă șiretul")))
SPILT = Tale("spilt-coffee", "a woman tripping with her coffee into a man with a newspaper",
             "o femeie care se împiedică și varsă cafeaua pe un bărbat cu ziar", (
    _r("woman", "tripping", "coffee", 0, 0, "right", "the woman tripping and spilling her coffee",
       "femeia care se împiedică și își varsă cafeaua"),
    _r("man", "standing", "newspaper", 0.95, 0, "left", "the man about to be splashed with coffee",
       "bărbatul pe care e gata să-l stropească o cafea")))
LOST_CHILD = Tale("lost-child", "a lost girl and the police officer kneeling to help her",
                  "o fetiță pierdută și polițistul care îngenunchează s-o ajute", (
    _r("girl", "standing", "teddy bear", 0, 0, "right", "the lost girl with the teddy bear",
       "fetița pierdută cu ursulețul de pluș"),
    _r("man", "kneeling", "", 0.85, 0, "left", "the police officer kneeling to help the lost girl",
       "polițistul care a îngenuncheat lângă fetița pierdută", "police officer")))
MUSICIAN = Tale("busker", "a girl dancing to a busker's guitar, her mother filming",
                "o fetiță care dansează pe chitara unui muzicant de stradă, filmată de mama ei", (
    _r("man", "standing", "guitar", 0, 0, "right", "the busker playing the guitar", "muzicantul de stradă care cântă la chitară",
       "musician"),
    _r("girl", "dancing", "", 1.0, 0.2, "left", "the girl dancing to the busker's guitar", "fetița care dansează pe chitara muzicantului"),
    _r("woman", "standing", "phone", 1.6, -0.5, "left", "the mother filming her daughter dancing",
       "mama care își filmează fetița dansând")))
WAY = Tale("the-way", "tourists with a map asking an old man the way",
           "turiști cu o hartă care întreabă un bătrân încotro s-o ia", (
    _r("woman", "standing", "map", 0, 0, "right", "the tourist with a map asking the way", "turista cu harta care întreabă încotro s-o ia"),
    _r("man", "standing", "suitcase", -0.7, 0.35, "right", "the tourist with the suitcase, lost too",
       "turistul cu valiza, rătăcit și el"),
    _r("old man", "reaching", "walking stick", 1.0, 0, "left", "the old man showing the tourists the way",
       "bătrânul care le arată turiștilor drumul")))

# --- one place's own ---------------------------------------------------------

BOOT = Tale("boot", "an angler who has hooked an old boot", "un pescar care a prins o gheată veche", (
    _r("man", "standing", "fishing rod", 0, 0, "back", "the angler who has hooked an old boot",
       "pescarul care a prins o gheată veche", "fisher"),
    _r("boy", "standing", "", 0.85, 0, "back", "the boy laughing at the angler's boot", "băiatul care râde de gheata pescarului")),
    place="edge", mark="boot")
SEAGULL_FISH = Tale("seagull-fish", "a seagull that snatched a fish from a woman's shopping bag",
                    "un pescăruș care a șters un pește din sacoșa unei femei", (
    _r("woman", "standing", "shopping bag", 0, 0, "right", "the woman whose fish a seagull snatched",
       "femeia căreia un pescăruș i-a furat peștele"),
    _r("seagull", "", "", 1.1, -0.3, "right", "the seagull that snatched the woman's fish", "pescărușul care i-a furat peștele femeii")),
    near=("fish counter", "lobster stall"), mark="fish")
TICKET = Tale("ticket", "a ticket inspector checking a traveller's ticket", "un controlor care verifică biletul unui călător", (
    _r("woman", "reaching", "", 0, 0, "right", "the ticket inspector checking the man's ticket",
       "controloarea care îi verifică biletul bărbatului", "ticket inspector"),
    _r("man", "reaching", "suitcase", 0.9, 0, "left", "the man handing his ticket to the inspector",
       "bărbatul care îi dă biletul controloarei")))
FAREWELL = Tale("farewell", "a couple saying goodbye, flowers handed over", "un cuplu care își ia rămas-bun, cu flori", (
    _r("woman", "standing", "suitcase", 0, 0, "right", "the woman leaving on the train, given flowers",
       "femeia care pleacă cu trenul și primește flori"),
    _r("man", "reaching", "flowers", 0.85, 0, "left", "the man giving flowers to the woman who leaves",
       "bărbatul care îi dă flori femeii care pleacă")))
LATE = Tale("late", "a man running for his train, his briefcase forgotten, a girl running after him",
            "un bărbat care fuge să prindă trenul și o fată care fuge după el cu servieta uitată", (
    _r("man", "running", "", 0, 0, "right", "the man running for his train", "bărbatul care fuge să-și prindă trenul"),
    _r("girl", "running", "briefcase", -1.4, 0.1, "right", "the girl running after the man with his forgotten briefcase",
       "fata care fuge după bărbat cu servieta uitată")))
GUARD_CHILD = Tale("hands-off", "a museum guard stopping a boy from touching an exhibit",
                   "un paznic care oprește un băiat să atingă un exponat", (
    _r("boy", "reaching", "", 0, 0, "right", "the boy reaching out to touch the exhibit", "băiatul care întinde mâna să atingă exponatul"),
    _r("man", "reaching", "", -1.0, 0.1, "right", "the guard stopping the boy from touching the exhibit",
       "paznicul care îl oprește pe băiat să atingă exponatul", "museum guard")),
    near=("marble statue", "marble bust", "bronze sculpture", "Greek vase", "stone head", "T. rex skeleton",
          "crown in a glass case", "jewel in a glass case", "golden egg in a glass case",
          "pearl necklace in a glass case", "gold mask in a glass case"))
MAGIC = Tale("magic", "a magician conjuring flowers for a girl", "un magician care face să apară flori pentru o fetiță", (
    _r("man", "reaching", "flowers", 0, 0, "right", "the magician conjuring flowers for the girl",
       "magicianul care face să apară flori pentru fetiță", "magician"),
    _r("girl", "standing", "", 0.85, 0, "left", "the girl given flowers by the magician", "fetița care primește flori de la magician")))
WINE = Tale("wine", "a woman tripping with her glass into a man in a hat", "o femeie care se împiedică cu paharul spre un bărbat",
            (_r("woman", "tripping", "glass", 0, 0, "right", "the woman tripping and spilling her glass",
                "femeia care se împiedică și își varsă paharul"),
             _r("old man", "standing", "book", 0.95, 0, "left", "the old man about to be splashed with wine",
                "bătrânul pe care e gata să-l stropească vinul")))
FLASH = Tale("flash", "a visitor photographing an exhibit, a guard hurrying to stop her",
             "o vizitatoare care fotografiază un exponat și un paznic care se grăbește s-o oprească", (
    _r("woman", "standing", "camera", 0, 0, "back", "the visitor photographing the exhibit against the rules",
       "vizitatoarea care fotografiază exponatul deși nu e voie"),
    _r("man", "reaching", "", 1.0, 0.3, "left", "the guard hurrying to stop the photo", "paznicul care se grăbește să oprească poza",
       "museum guard")), near=("sunset painting", "mountain painting", "portrait of a lady", "starry night", "city at night",
                                  "marble statue", "T. rex skeleton"))
OLD_DANCE = Tale("old-dance", "an old couple dancing", "un cuplu de bătrâni care dansează", (
    _r("old man", "dancing", "", 0, 0, "right", "the old man dancing with his wife", "bătrânul care dansează cu soția lui"),
    _r("old woman", "dancing", "", 0.8, 0, "left", "the old woman dancing with her husband", "bătrâna care dansează cu soțul ei")))
SANDCASTLE = Tale("sandcastle", "a boy tripping over a girl's sandcastle", "un băiat care se împiedică de castelul de nisip al unei fete", (
    _r("girl", "lounging", "", 0, 0, "right", "the girl whose sandcastle the boy tripped over",
       "fata de castelul căreia s-a împiedicat băiatul"),
    _r("boy", "tripping", "", 1.4, -0.1, "left", "the boy tripping over the sandcastle", "băiatul care se împiedică de castelul de nisip")),
    mark="sandcastle")
CRAB = Tale("crab", "a man hopping after a crab pinched his toe", "un bărbat care țopăie după ce un crab l-a ciupit de deget", (
    _r("man", "dancing", "", 0, 0, "right", "the man hopping because a crab pinched his toe",
       "bărbatul care țopăie pentru că l-a ciupit un crab"),
    _r("crab", "", "", 1.1, 0.15, "left", "the crab that pinched the man's toe", "crabul care l-a ciupit pe bărbat de deget")))
SEAGULLS = Tale("seagull-ice", "a seagull eyeing a girl's ice cream", "un pescăruș care pândește înghețata unei fete", (
    _r("girl", "standing", "ice cream", 0, 0, "right", "the girl whose ice cream a seagull is after",
       "fata a cărei înghețată o pândește un pescăruș"),
    _r("seagull", "", "", 0.9, -0.2, "left", "the seagull after the girl's ice cream", "pescărușul care pândește înghețata fetei")))
SURF = Tale("surf-lesson", "a lifeguard handing a surfboard to a woman", "un salvamar care îi dă o placă de surf unei femei", (
    _r("man", "reaching", "surfboard", 0, 0, "right", "the lifeguard handing over a surfboard", "salvamarul care dă placa de surf",
       "lifeguard"),
    _r("woman", "standing", "", 0.9, 0, "left", "the woman about to learn to surf", "femeia care urmează să învețe surf")))
BEACH_LOST = Tale("lost-child", "a lost boy and the lifeguard kneeling to help him",
                  "un băiețel pierdut și salvamarul care îngenunchează să-l ajute", (
    _r("boy", "standing", "ball", 0, 0, "right", "the lost boy with the ball", "băiețelul pierdut cu mingea"),
    _r("woman", "kneeling", "", 0.85, 0, "left", "the lifeguard kneeling to help the lost boy",
       "salvamarul care a îngenuncheat lângă băiețelul pierdut", "lifeguard")))
BEACH_THIEF = Tale("sunbather-thief", "a thief taking a phone from beside a sunbather",
                   "un hoț care ia un telefon de lângă cineva care face plajă", (
    _r("woman", "lounging", "book", 0, 0, "right", "the sunbather reading while her phone is stolen",
       "femeia care citește la plajă în timp ce i se fură telefonul"),
    _r("man", "reaching", "phone", -1.0, -0.2, "right", "the thief taking the sunbather's phone",
       "hoțul care îi ia telefonul femeii de la plajă")))
SNOWMAN = Tale("snowman", "two children building a snowman", "doi copii care fac un om de zăpadă", (
    _r("girl", "reaching", "", 0, 0, "right", "the girl building a snowman", "fata care face un om de zăpadă"),
    _r("boy", "kneeling", "", 2.0, 0.1, "left", "the boy building a snowman with the girl", "băiatul care face omul de zăpadă cu fata")),
    mark="snowman")
LOST_SKI = Tale("lost-ski", "a boy bringing back a skier's lost skis", "un băiat care îi aduce unui schior schiurile pierdute", (
    _r("man", "standing", "ski poles", 0, 0, "right", "the skier who lost his skis", "schiorul care și-a pierdut schiurile"),
    _r("boy", "reaching", "skis", 0.9, 0, "left", "the boy bringing back the skier's skis", "băiatul care îi aduce schiorului schiurile")))
SKI_LOST = Tale("lost-child", "a lost girl and the ski instructor kneeling to help her",
                "o fetiță pierdută și instructorul de schi care îngenunchează s-o ajute", (
    _r("girl", "standing", "scarf", 0, 0, "right", "the lost girl in the scarf", "fetița pierdută cu fular"),
    _r("man", "kneeling", "", 0.85, 0, "left", "the ski instructor kneeling to help the lost girl",
       "instructorul de schi care a îngenuncheat lângă fetița pierdută", "ski instructor")))
COCOA = Tale("cocoa", "a woman bringing a hot drink to a shivering man", "o femeie care îi aduce o băutură caldă unui bărbat înfrigurat", (
    _r("woman", "reaching", "coffee", 0, 0, "right", "the woman handing the man a hot drink", "femeia care îi dă bărbatului o băutură caldă"),
    _r("man", "standing", "scarf", 0.85, 0, "left", "the shivering man given a hot drink", "bărbatul înfrigurat care primește o băutură caldă")))
CRASH = Tale("crash", "a snowboarder tumbling in front of a skier", "un snowboarder care se rostogolește în fața unei schioare", (
    _r("man", "tripping", "snowboard", 0, 0, "right", "the snowboarder tumbling over", "snowboarderul care se dă peste cap"),
    _r("woman", "standing", "skis", 1.1, 0, "left", "the skier the snowboarder nearly crashed into",
       "schioara în care era să intre snowboarderul")))
BUCKLE = Tale("buckle", "a father kneeling to buckle his son's ski boot", "un tată care îngenunchează să închidă clapeta clăparului fiului", (
    _r("man", "kneeling", "", 0, 0, "right", "the father buckling his son's ski boot", "tatăl care îi închide clăparul fiului"),
    _r("boy", "standing", "ski poles", 0.8, 0, "left", "the boy whose ski boot is being buckled", "băiatul căruia i se închide clăparul")))
TEDDY = Tale("prize", "a father handing his daughter the teddy bear he won", "un tată care îi dă fiicei ursulețul câștigat", (
    _r("man", "reaching", "teddy bear", 0, 0, "right", "the father handing over the teddy bear he won",
       "tatăl care îi dă ursulețul câștigat"),
    _r("girl", "standing", "candyfloss", 0.85, 0, "left", "the girl given the teddy bear her father won",
       "fetița care primește ursulețul câștigat de tatăl ei")))
CLOWN = Tale("clown", "a clown whose horn made a boy jump", "un clovn care l-a speriat pe un băiat cu goarna lui", (
    _r("man", "reaching", "balloon", 0, 0, "right", "the clown offering a balloon to the boy he scared",
       "clovnul care îi oferă un balon băiatului pe care l-a speriat", "clown"),
    _r("boy", "tripping", "", 1.0, 0.1, "left", "the boy who jumped at the clown's horn", "băiatul care s-a speriat de goarna clovnului")))
CANDY_DOG = Tale("candyfloss", "a dog jumping for a boy's candyfloss", "un câine care sare după vata de zahăr a unui băiat", (
    _r("boy", "standing", "candyfloss", 0, 0, "right", "the boy whose candyfloss a dog is after", "băiatul a cărui vată de zahăr o vrea un câine"),
    _r("dog", "", "", 0.9, 0.2, "left", "the dog after the boy's candyfloss", "câinele care vrea vata de zahăr a băiatului")))

TOAST = Tale("toast", "two guests raising a toast", "doi invitați care ciocnesc paharele", (
    _r("woman", "reaching", "glass", 0, 0, "right", "the woman raising a toast with the man", "femeia care ciocnește paharul cu bărbatul"),
    _r("man", "reaching", "glass", 0.85, 0, "left", "the man raising a toast with the woman", "bărbatul care ciocnește paharul cu femeia")))
TRAY = Tale("tray", "a boy helping himself from a waiter's tray", "un băiat care se servește singur de pe tava unui chelner", (
    _r("man", "standing", "tray", 0, 0, "right", "the waiter whose tray a boy is raiding", "chelnerul de pe tava căruia se servește un băiat",
       "waiter"),
    _r("boy", "reaching", "", 0.8, 0.1, "left", "the boy reaching for the waiter's tray", "băiatul care întinde mâna spre tava chelnerului")))
PHOTO = Tale("photo", "a woman taking a photo of her friend", "o femeie care își fotografiază prietenul", (
    _r("woman", "standing", "camera", 0, 0, "right", "the woman taking a photo of her friend", "femeia care își fotografiază prietenul"),
    _r("man", "standing", "", 1.6, 0, "left", "the man posing for his friend's photo", "bărbatul care pozează pentru prietena lui")))

# The contact poses (`figures.CONTACT_POSES`): pulling, leaning on a rail, a child on the shoulders.
SUITCASE = Tale("suitcase", "a traveller pulling her suitcase, shown the way by a man with a map",
                "o călătoare care își trage valiza și un bărbat cu o hartă care îi arată drumul", (
    _r("woman", "pulling", "suitcase", 0, 0, "right", "the traveller pulling her suitcase, asking the way",
       "călătoarea care își trage valiza și întreabă de drum"),
    _r("man", "standing", "map", 1.1, 0, "left", "the man with the map showing the traveller the way",
       "bărbatul cu harta care îi arată călătoarei drumul")))
BY_THE_HAND = Tale("by-the-hand", "a mother pulling her dawdling son along by the hand",
                   "o mamă care își trage de mână fiul care se tot oprește", (
    _r("woman", "pulling", "", 0, 0, "right", "the mother pulling her son along by the hand",
       "mama care își trage fiul de mână"),
    _r("boy", "reaching", "", -0.8, 0.05, "right", "the boy pulled along by his mother's hand",
       "băiatul tras de mână de mama lui")))
SLED = Tale("sled", "a father pulling a sled, his daughter trudging behind it", "un tată care trage o sanie și fiica lui care vine după ea", (
    _r("man", "pulling", "sled", 0, 0, "right", "the father pulling the sled", "tatăl care trage sania"),
    _r("girl", "walking", "scarf", -1.6, 0.05, "right", "the girl trudging behind her father's sled",
       "fetița care vine în urma saniei tatălui ei")))
RAIL = Tale("rail", "a man leaning on a rail, chatting with a woman", "un bărbat sprijinit de o balustradă, de vorbă cu o femeie", (
    _r("man", "leaning", "", 0, 0, "right", "the man leaning on the rail, chatting", "bărbatul sprijinit de balustradă, care stă de vorbă"),
    _r("woman", "standing", "coffee", 0.9, 0, "left", "the woman chatting with the man on the rail",
       "femeia care stă de vorbă cu bărbatul de la balustradă")), mark="rail")
SHOULDERS = Tale("shoulders", "a father carrying his daughter on his shoulders, the mother taking a photo",
                 "un tată care își poartă fiica pe umeri și mama care îi fotografiază", (
    _r("man", "shouldering", "", 0, 0, "right", "the father carrying his daughter on his shoulders",
       "tatăl care își poartă fiica pe umeri"),
    _r("woman", "standing", "camera", 1.0, 0, "left", "the mother photographing the girl on her father's shoulders",
       "mama care își fotografiază fetița de pe umerii tatălui")))

NOSY = Tale("nosy", "a man reading a woman's newspaper over her shoulder",
            "un bărbat care citește ziarul unei femei peste umărul ei", (
    _r("woman", "standing", "newspaper", 0, 0, "right", "the woman reading her newspaper, unaware of the man behind her",
       "femeia care își citește ziarul fără să-l vadă pe bărbatul din spatele ei"),
    _r("man", "standing", "", -0.6, -0.15, "right", "the nosy man reading the woman's newspaper over her shoulder",
       "bărbatul curios care citește ziarul femeii peste umărul ei")))
RACE = Tale("race", "two children racing each other", "doi copii care se întrec în fugă", (
    _r("girl", "running", "", 0, 0, "right", "the girl winning the race", "fetița care câștigă întrecerea"),
    _r("boy", "running", "", -1.2, 0.1, "right", "the boy a step behind in the race", "băiatul rămas cu un pas în urmă la întrecere")))
CAT_PIGEONS = Tale("cat-pigeons", "a cat stalking the pigeons, a woman shooing it away",
                   "o pisică la pândă după porumbei și o femeie care o alungă", (
    _r("cat", "", "", 0, 0, "right", "the cat stalking the pigeons", "pisica la pândă după porumbei"),
    _r("pigeon", "", "", 1.1, -0.2, "left", "a pigeon the cat is stalking", "un porumbel pândit de pisică"),
    _r("woman", "reaching", "shopping bag", -1.1, -0.1, "right", "the woman shooing the cat away from the pigeons",
       "femeia care alungă pisica de lângă porumbei")))
GRANDPA = Tale("grandpa", "a boy walking his grandfather home by the hand",
               "un băiat care își duce bunicul acasă de mână", (
    _r("old man", "walking", "walking stick", 0, 0, "right", "the grandfather with a walking stick led by his grandson",
       "bunicul cu baston dus de mână de nepot"),
    _r("boy", "pulling", "", 0.75, 0, "right", "the boy leading his grandfather by the hand",
       "băiatul care își duce bunicul de mână")))
VIOLIN = Tale("violin", "a violinist playing for coins, an old woman giving him one",
              "un violonist care cântă pentru bănuți și o bătrână care îi dă unul", (
    _r("man", "standing", "violin", 0, 0, "right", "the violinist playing for coins", "violonistul care cântă pentru bănuți",
       "musician"),
    _r("old woman", "reaching", "handbag", 0.9, 0.05, "left", "the old woman giving the violinist a coin",
       "bătrâna care îi dă violonistului un bănuț")))
HIDE = Tale("hide-and-seek", "children playing hide-and-seek: one counts, one crouches to hide",
            "copii care se joacă de-a v-ați ascunselea: unul numără, altul se ghemuiește să se ascundă", (
    _r("girl", "standing", "", 0, 0, "back", "the girl counting for hide-and-seek, her back turned",
       "fetița care numără la v-ați ascunselea, cu spatele"),
    _r("boy", "kneeling", "", 1.5, 0.15, "left", "the boy crouching to hide from the girl who counts",
       "băiatul ghemuit ca să se ascundă de fetița care numără")))
ARGUE = Tale("argue-map", "a couple arguing over which way the map says",
             "un cuplu care se ceartă încotro arată harta", (
    _r("man", "standing", "map", 0, 0, "right", "the man with the map, sure it says this way",
       "bărbatul cu harta, convins că arată încoace"),
    _r("woman", "reaching", "handbag", 0.9, 0, "left", "the woman reaching for the map, sure it says the other way",
       "femeia care întinde mâna după hartă, convinsă că arată în partea cealaltă")))
CATCH_SHOW = Tale("catch", "a fisherman showing off his catch, a tourist taking a photo",
                  "un pescar care se laudă cu captura și un turist care îl fotografiază", (
    _r("man", "standing", "fish", 0, 0, "right", "the fisherman showing off his fish", "pescarul care se laudă cu peștele prins"),
    _r("woman", "standing", "camera", 1.0, 0.1, "left", "the tourist photographing the fisherman's catch",
       "turista care fotografiază captura pescarului")))
BOX_HELP = Tale("box-help", "a young man carrying a box for an old woman", "un tânăr care duce o cutie pentru o bătrână", (
    _r("man", "carrying", "box", 0, 0, "right", "the young man carrying the old woman's box", "tânărul care duce cutia bătrânei"),
    _r("old woman", "walking", "walking stick", 0.85, 0, "right", "the old woman whose box a young man carries",
       "bătrâna căreia un tânăr îi duce cutia")))
TOUR = Tale("tour", "a guide with a flag and the tourists following her", "o ghidă cu un steguleț și turiștii care o urmează", (
    _r("woman", "walking", "flag", 0, 0, "right", "the tour guide holding up her flag", "ghida care își ține stegulețul sus"),
    _r("man", "walking", "camera", -0.9, 0.1, "right", "the tourist with a camera following the guide's flag",
       "turistul cu aparat foto care urmează stegulețul ghidei"),
    _r("old woman", "walking", "handbag", -1.7, -0.1, "right", "the old woman at the back of the tour group",
       "bătrâna din coada grupului de turiști")))
BALL_CATCH = Tale("ball-catch", "a father and his son playing catch", "un tată și fiul lui care aruncă mingea unul altuia", (
    _r("man", "reaching", "ball", 0, 0, "right", "the father throwing the ball to his son", "tatăl care îi aruncă mingea fiului"),
    _r("boy", "reaching", "", 1.6, 0.1, "left", "the boy about to catch his father's ball", "băiatul gata să prindă mingea tatălui")))
SNOWBALL = Tale("snowball", "a girl throwing a snowball at her brother, who ducks",
                "o fată care aruncă un bulgăre de zăpadă în fratele ei, care se ferește", (
    _r("girl", "reaching", "", 0, 0, "right", "the girl throwing a snowball at her brother", "fata care aruncă un bulgăre în fratele ei"),
    _r("boy", "kneeling", "", 1.5, 0.1, "left", "the boy ducking his sister's snowball", "băiatul care se ferește de bulgărele surorii")))
SKI_CARRY = Tale("ski-carry", "a father carrying the family's skis, his daughter with the poles",
                 "un tată care duce schiurile familiei și fiica lui cu bețele", (
    _r("man", "carrying", "skis", 0, 0, "right", "the father carrying the whole family's skis", "tatăl care duce schiurile întregii familii"),
    _r("girl", "walking", "ski poles", 0.8, 0.05, "right", "the girl carrying the ski poles for her father",
       "fetița care duce bețele de schi ale tatălui")))
CLOWN_BALLOON = Tale("clown-balloon", "a clown handing a balloon to a shy boy", "un clovn care îi dă un balon unui băiat timid", (
    _r("man", "reaching", "balloon", 0, 0, "right", "the clown handing a balloon to the shy boy", "clovnul care îi dă un balon băiatului timid",
       "clown"),
    _r("boy", "standing", "", 0.8, 0, "left", "the shy boy given a balloon by the clown", "băiatul timid care primește un balon de la clovn"),
    _r("woman", "standing", "phone", 1.5, -0.4, "left", "the mother filming the clown and her son", "mama care îi filmează pe clovn și pe fiul ei")))

_EVERYWHERE = (PICKPOCKET, SELFIE, PROPOSAL, LEASHES, FLOWERS, SHOELACE, SPILT, WAY)
TALES: dict[str, tuple[Tale, ...]] = {
    "harbour": (*_EVERYWHERE, ICE_CREAM, SAUSAGE, WAITER, PIGEONS, BALLOON, BAG_THIEF, LOST_CHILD, MUSICIAN, BOOT,
                SEAGULL_FISH, SUITCASE, RAIL, SHOULDERS, NOSY, RACE, CAT_PIGEONS, GRANDPA, VIOLIN, HIDE, CATCH_SHOW,
                BOX_HELP, ARGUE),
    "station": (*_EVERYWHERE, ICE_CREAM, PIGEONS, BAG_THIEF, LOST_CHILD, MUSICIAN, TICKET, FAREWELL, LATE, SUITCASE,
                BY_THE_HAND, RAIL, NOSY, CAT_PIGEONS, GRANDPA, VIOLIN, BOX_HELP, ARGUE, TOUR),
    "museum": (PICKPOCKET, SELFIE, PROPOSAL, FLOWERS, SHOELACE, WAY, WAITER, GUARD_CHILD, MAGIC, WINE, FLASH, OLD_DANCE,
               LOST_CHILD, TOAST, TRAY, BY_THE_HAND, RAIL, NOSY, GRANDPA, VIOLIN, HIDE, ARGUE, TOUR),
    "beach": (SELFIE, PROPOSAL, LEASHES, FLOWERS, ICE_CREAM, BALLOON, BAG_THIEF, SANDCASTLE, CRAB, SEAGULLS, SURF,
              BEACH_LOST, BEACH_THIEF, SHOELACE, PHOTO, SHOULDERS, RACE, HIDE, BALL_CATCH, ARGUE, CATCH_SHOW),
    "ski": (PICKPOCKET, SELFIE, PROPOSAL, LEASHES, SPILT, WAY, SNOWMAN, LOST_SKI, SKI_LOST, COCOA, CRASH, BUCKLE, BAG_THIEF,
            PHOTO, FLOWERS, SLED, SHOULDERS, SNOWBALL, SKI_CARRY, RACE, HIDE, GRANDPA, ARGUE),
    "carnival": (*_EVERYWHERE, ICE_CREAM, SAUSAGE, BALLOON, BAG_THIEF, LOST_CHILD, MUSICIAN, TEDDY, CLOWN, CANDY_DOG,
                 PHOTO, BY_THE_HAND, SHOULDERS, RAIL, CLOWN_BALLOON, RACE, HIDE, NOSY, CAT_PIGEONS, VIOLIN, GRANDPA),
}
