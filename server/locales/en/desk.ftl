# The desk and director pages, in English and French; other languages read them in English.
# Every message here exists in French too (`web::lang::tests`).

desk-sign-out = Sign out
desk-form-expired = This form is not from this desk's page. Reload the page and try again.

## Sign-in

login-title = Desk sign-in
login-token = Terminal token
login-name = Your name (for the log)
login-sign-in = Sign in
login-note = The director gives each desk a token (tengen token create). Scanning its QR code fills it in.
login-unknown-token = Unknown or revoked token: check it with the director.
login-moved-title = Desk moved
login-moved-heading = This desk moved to this server
login-moved-why = The other server stopped taking changes.
login-moved-continue = Continue
login-not-moved = This desk page came from the other server and could not be moved here: sign in with the desk's token.

## Registration and late desks

reg-title = Registration desk
late-title = Late arrivals desk
reg-not-late-desk = This is the late desk's page; this terminal is a registration desk: use /desk/register.
reg-search-placeholder = Name, number (7) or register id (P12)
reg-search-label = Find a player
reg-find = Find
reg-add-new = Add a new player
reg-count = { $shown } shown of { $total } registered. Type to narrow the list; tap Check in when the player is in front of you.
reg-none = No one matches “{ $q }”. { $link }.
reg-none-add = Add them as a new player
reg-closed-for = Registration is closed for { $names }.
reg-closed-walk-ins = Check-ins and corrections still work here; send walk-ins (new players) to the { $link }.
reg-late-desk = late desk
reg-late-terms = { $name }: a player entered now { $terms }.
reg-no-player-button = That button does not name a player: reload the page.
reg-no-such-player = There is no such player any more: search again.
reg-already-self = { $name } ({ $label }) already checked themselves in with their code, { $ago }. Nothing changed.
reg-already-by = { $name } ({ $label }) was already checked in at { $who }, { $ago }. Nothing changed.
reg-already = { $name } ({ $label }) was already checked in. Nothing changed.
reg-checked-in = ✓ { $name } ({ $label }) checked in.
reg-keeps-changing = The player keeps changing at another desk: try again.
reg-no-writes = The server cannot take writes; { $why }. Nothing was changed: try again in a moment.
reg-checked-in-mark = ✓ checked in
reg-self = (self)
reg-expected = expected
reg-withdrawn = withdrawn
reg-rounds = · rounds { $rounds }
reg-check-in-here = Check in here
reg-check-in = Check in
reg-edit = Edit
late-every-round-drawn = every round is drawn: too late to play
late-plays-every-round = plays every round
late-credit-half-one = ½ point in the McMahon score for pairing and tie-breaks (Mays rule)
late-credit-half = ½ point each in the McMahon score for pairing and tie-breaks (Mays rule), +{ $points } in all
late-credit-bga = 1 point per two missed rounds in the McMahon score (BGA rule), +{ $points } in all
late-credit-none = no credit in the McMahon score
late-terms = plays { $nplays ->
        [one] round
       *[other] rounds
    } { $plays }; misses { $nmissed ->
        [one] round
       *[other] rounds
    } { $missed }: { $credit }
desk-just-now = just now
desk-min-ago = { $m } min ago
desk-h-min-ago = { $h } h { $m } min ago
reg-no-writes-kept = The server cannot take writes; { $why }. Nothing is lost: press the button again in a moment.
reg-forbidden-late = { $why } — { $link } can register them.
reg-the-late-desk = the late desk
reg-save-changes = Save changes
reg-register = Register
reg-already-registered = Already registered:
reg-same-person = If this is the same person, do not register them again: { $link }.
reg-find-in-list = find them in the list
reg-different = I asked: this is a different person, not { $label } { $name }.
reg-different-note = If it is someone else: ask them, tick the box, then press { $button } again.
reg-undo = Undo this registration
reg-undo-note = A mistake? For a minute this desk can take { $name } out of the register again.
reg-undone = Registration of { $name } undone: they are no longer in the register.
reg-filled = Filled in from the rating list: { $player }{ $rating }, id { $id }. Check with the player, then Register.
reg-filled-gor = , GoR { $rating }
reg-ratings-label = Find in the rating lists
reg-ratings-placeholder = Name in Latin letters or pin
reg-col-list = List
reg-col-id = Id
reg-col-name = Name
reg-col-rank = Rank
reg-col-gor = GoR
reg-col-club = Club
reg-col-country = Country
reg-use = Use
reg-no-candidates = Nobody in the rating lists matches “{ $q }”.
reg-no-candidates-latin = The lists are in Latin letters: search for the name as the player spells it in them (Yamada), or the pin.
reg-add-title = Add a new player
reg-back-to-search = ← Back to the search
reg-closed = Registration is closed.
reg-closed-new-players = New players register at the { $link }.
reg-add-page-title = { $desk }: add a player
reg-registered-as = ✓ { $name } registered as { $id }.
reg-registered-as-in = ✓ { $name } registered as { $id } and checked in.
reg-registered = ✓ { $name } registered.
reg-registered-in = ✓ { $name } registered and checked in.
reg-field-family = Family name
reg-field-given = Given name
reg-field-latin-family = Family name in Latin letters
reg-field-latin-given = Given name in Latin letters
reg-field-rank = Rank
reg-field-club = Club
reg-field-city = City
reg-field-country = Country
reg-field-email = Email
reg-field-phone = Phone
reg-choose-rank = choose the player's rank
reg-rating-not-number = rating "{ $rating }" is not a number
reg-entry-closed = registration for tournament { $tournament } is closed here: send the player to the late desk
reg-tick-rounds = tick the rounds the player will play in { $name }
reg-choose = choose…
reg-pro = (pro)
reg-country-hint = (two letters, e.g. FR)
reg-latin-legend = Name in Latin letters (for the EGF/FFG/AGA files)
reg-latin-hint = Only needed when the name above is not in Latin letters, e.g. { $example }. Cyrillic and Greek are spelled automatically.
reg-enter = Enter { $name }
reg-rounds-label = Rounds:
reg-drawn = (drawn)
reg-entered-now = A player entered now { $terms }.
reg-check-in-now = Check in now (the player is here)
reg-no-player = There is no player { $id }.
reg-edit-heading = Edit { $label } { $name }
reg-back-unsaved = ← Back without saving
reg-entries = Entries:
reg-edit-title = Edit { $name }
reg-gone = this player is no longer in the register
reg-gone-page = This player is no longer in the register.
reg-saved = ✓ { $name } saved.
reg-changed-elsewhere = Changed at another desk meanwhile.
reg-changed-at = Changed at { $who } meanwhile ({ $ago }).
reg-stale-explain = Nothing of yours was saved yet. Below: your version and the current one; the form under it holds the current record with your changes applied on top — check it and save again.
reg-col-field = Field
reg-col-yours = Yours
reg-col-current = Current

## Results desk

desk-result = { $outcome ->
        [white] white
        [black] black
        [jigo] jigo
        [both-lose] both-lose
        [both-win] both-win
       *[unknown] unknown
    }
desk-result-forfeit = { $outcome ->
        [white] white
        [black] black
        [jigo] jigo
        [both-lose] both-lose
        [both-win] both-win
       *[unknown] unknown
    } by forfeit
desk-white = White
desk-black = Black
results-entry = table { $table }: { $result }
results-not-a-player = "{ $id }" is not a player: choose who had Black
results-type-table = type the table number first
results-no-table = there is no table { $table }
results-not-a-key = { $key } is not a result key: use b, w, j or x (and f for by forfeit)
results-two-results = table { $table }: two different results typed; choose one
results-press-key = table { $table }: press b, w, j or x for the result
ladder-type-challenger = type the challenger's number, as on the ladder (e.g. 12)
ladder-type-defender = type the defender's number, as on the ladder (e.g. 12)
ladder-choose-winner = choose who won (or jigo)
ladder-first-number = First player's number
ladder-second-number = Second player's number
ladder-first-won = First player won
ladder-second-won = Second player won
ladder-jigo = Jigo
ladder-challenger-number = Challenger's number
ladder-defender-number = Defender's number (above)
ladder-challenger-won = Challenger won (takes the rung)
ladder-defender-won = Defender won
ladder-self-paired-title = { $name }: self-paired games
ladder-title = { $name }: ladder results
ladder-who-won = Who won
ladder-record = Record the game
ladder-places = Places
ladder-the-ladder = The ladder
ladder-place = Place
ladder-rung = Rung
ladder-player = Player
ladder-games = Games
ladder-wins = Wins
ladder-recorded = Recorded: #{ $first } against #{ $second }, { $winner ->
        [challenger] the challenger won.
        [defender] the defender won.
        [first] the first won.
        [second] the second won.
       *[jigo] jigo.
    }
results-round-number = A round is a number, as in ?round=2.
results-no-round-open = no round is open for results
results-choose-black = Not entered: { $problem }. Choose the player, then Enter.
results-black-was = , Black { $label }
results-not-entered-nothing = Not entered: { $problem }. You typed nothing; check the slip and type it again.
results-not-entered = Not entered: { $problem }. You typed “{ $typed }”; check the slip and type it again.
results-no-writes = the server cannot take writes; keep the slip and try again shortly ({ $why })
results-internal = the server could not take it: { $why }
results-now-confirmed = (confirmed)
results-now-pending = (waiting for the second desk)
results-now-mismatch = (does not match the other entry: see the table below)
results-now-disputed = (disputed: the referee settles it)
results-not-published = Round { $round } has not been published.
results-title = { $name }: results
results-heading = Results
results-none-published = No round is published yet. This page shows the round's tables the moment the director publishes it.
results-round-heading = { $name }: results, round { $round }
results-entered = Entered: { $entry }
results-round-closed = Round { $round } is closed: only the director can still change a result.
results-progress = { $confirmed } confirmed · { $pending } pending · { $missing } missing ·
results-mismatched = { $n } mismatched
results-disputed = { $n } disputed
results-of-tables = — of { $n } tables
results-by-players = { $n } settled by both players: nothing to type for those.
results-disagree = Entries disagree at { $tables }: check the slips; the director settles them.
results-table-n = table { $table }
results-current-round = current round
results-key-b = Black wins
results-key-w = White wins
results-key-j = Jigo
results-key-x = Both lose
results-table = Table
results-result = Result
results-by-forfeit = by forfeit
results-who-black = Who had Black?
results-nigiri = Table { $table } was a nigiri: choose the player who had Black.
results-enter = Enter ⏎
results-keys-help = Type the table number, press { $b }, { $w }, { $j } or { $x } ({ $f } for a forfeit), then Enter. Without the keys: type { $example } and Enter.
results-state = State
results-entries = Entries
results-nigiri-unrecorded = nigiri: Black not recorded
results-bye = Bye: { $player }
results-settled-by-players = settled by both players: { $result }
results-confirmed = confirmed: { $result }
results-player-reported = player reported: waiting for a second
results-waiting = waiting for the second desk
results-mismatch = mismatch
results-disputed-referee = disputed (referee)
results-missing = missing
results-player = (player)

## Referee

referee-table-number = A table is a number, as in ?table=12.
referee-title = { $name }: referee
referee-heading = Referee
referee-none-published = No round is published yet. The tables appear here the moment the director publishes a round.
referee-round-heading = { $name }: referee, round { $round }
referee-round-closed = Round { $round } is closed: its clock has stopped.
referee-no-such-table = No such table in round { $round }.
referee-needs = Needs the referee ({ $n })
referee-others = Every other table
