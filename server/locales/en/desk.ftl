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
reg-field-team = Team
reg-team-hint = (team competition or team tournament; empty if none)
reg-field-board = Board in the team
reg-board-hint = (team tournament: 1 plays first; empty: strongest first; fixed once round 1 is drawn)
reg-board-not-number = "{ $board }" is not a board: type 1, 2, 3… or leave it empty.
reg-field-email = Email
reg-field-phone = Phone
reg-field-born = Year of birth
reg-field-member = Member of the federation
reg-field-concession = Concession
reg-concession-none = None (full fee)
reg-field-fee = Agreed fee
reg-fee-hint = (empty: the fee schedule's)
reg-field-fee-reason = Why another fee
reg-fee-not-amount = “{ $fee }” is not an amount: { $why }
reg-born = born { $year }
reg-choose-rank = choose the player's rank
reg-bad-rank = unknown rank { $rank }: use 30k…1k, 1d…9d or 1p…9p
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
desk-ladder-jigo = Jigo
ladder-challenger-number = Challenger's number
ladder-defender-number = Defender's number (above)
ladder-challenger-won = Challenger won (takes the rung)
ladder-defender-won = Defender won
ladder-self-paired-title = { $name }: self-paired games
desk-ladder-title = { $name }: ladder results
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
results-match-head = Match: { $a } – { $b }
results-match-head-so-far = Match: { $a } – { $b } · { $score } so far
results-match-head-score = Match: { $a } – { $b } · { $score }
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

## Director's dashboard

desk-back-dashboard = ← Dashboard
desk-progress = { $state ->
        [missing] missing
        [pending] pending
        [mismatch] mismatch
        [disputed] disputed
       *[confirmed] confirmed
    }
dir-title = { $name }: director
dir-settings-line = { $settings } — system, rounds, komi, time, bar, handicap, draw, tie-breaks, prizes, players' self-service · { $cards } — each player's personal code
dir-settings = Settings
dir-cards = Player cards
dir-alarm = Alarm: { $alarm }
dir-registration = Registration
dir-counts = { $expected } expected · { $checked } · { $withdrawn } withdrawn
dir-checked-in = { $n } checked in
dir-checked-in-at = Checked in at
dir-players = players
dir-earlier = earlier
dir-bga-bar = BGA guideline: bar at { $rank } ({ $top } players in the top group). { $link }
dir-bga-set = Set it on the settings page
dir-not-arrived = { $n } pre-registered, not checked in yet
dir-never-arrived = { $n } pre-registered never checked in: not in the draw (the late desk can still check them in)
dir-import = Import players from a file
dir-rating-lists = Rating lists
dir-close-registration = Close registration and number the field
dir-registration-closed = Registration is closed: only the late desk registers now.
dir-reopen = Open registration again
dir-reopen-note = Before round 1 only: the registration desks register and check in again; closing it again numbers the field anew.
dir-done-reopen = Registration is open again: close it before drawing round 1.
dir-games = Games
dir-unrounded-close = Close registration to number the players; newcomers are numbered each time it closes again.
dir-unrounded = This event has no rounds to draw: record each game as it is played on the { $link }.
dir-results-page = results page
dir-round = Round { $round }
dir-round-state = Round { $round } — { $state ->
        [drawn] drawn
        [published] published
       *[closed] closed
    }
dir-draw-round = Draw round { $round }
dir-close-before-draw = Close registration before drawing round 1.
dir-still-published = Round { $round } — still published
dir-finished = All { $total } rounds are closed: the standings are final.
dir-unseated = Not in this round yet:
dir-unseated-decide = Decide for each before publishing or closing: pair them with another unpaired player, give the bye, or mark them absent (the form below, by number).
dir-edit-change = Change
dir-edit-swap = swap two players
dir-edit-pair = pair two unpaired players
dir-edit-unpair = unpair (first player)
dir-edit-colours = exchange colours (first player's game)
dir-edit-bye = give the bye (first player)
dir-edit-absent = mark absent (first player)
dir-player-no = Player #
dir-apply = Apply
dir-warnings = Warnings
dir-bye = Bye: { $player }
dir-through = Through without a game
dir-bye-label = Bye
dir-change-by-hand = Change by hand
dir-publish-round = Publish round { $round }
dir-draw-again = Draw again
dir-col-hcp = Hcp
dir-same-club = same club
dir-progress = { $confirmed } confirmed · { $pending } pending · { $missing } missing · { $mismatched } · { $disputed } disputed
dir-mismatched = { $n } mismatched
dir-col-game = Game
dir-col-reports = Reports
dir-settle = Settle
dir-result-at = Result at table { $table }
dir-choose-result = choose the result…
dir-white-forfeit = White by forfeit
dir-black-forfeit = Black by forfeit
dir-close-round = Close round { $round }
dir-black-button = Black: #{ $number } { $name }
dir-sheets = Printable sheets
dir-sheet = { $kind ->
        [pairings] pairings
        [pairings-by-name] pairings-by-name
        [slips] slips
        [wallchart] wallchart
        [grid] grid
        [bracket] bracket
        [standings] standings
        [prizes] prize list
        [teams] team standings
        [register] register
       *[other] { $kind }
    }
dir-files = Files for other programs
dir-file-egf = EGF rating (.h9)
dir-file-opengotha = OpenGotha (.xml)
dir-file-tou = FFG (.tou)
dir-file-aga = AGA results
dir-file-csv-register = Register (CSV)
dir-file-csv-standings = Standings (CSV)
dir-busy = the server is busy
dir-busy-retry = The server is busy; try again.
dir-ask-close-registration = Close registration for { $name }? The { $here } checked-in players{ $expected ->
        [0] {""}
        [one] {" "}and the 1 player expected but not checked in (numbered too, so a latecomer keeps a number; paired only once a desk checks them in)
       *[other] {" "}and the { $expected } players expected but not checked in (numbered too, so a latecomer keeps a number; paired only once a desk checks them in)
    } are numbered by strength; from then on only the late desk registers newcomers.
dir-ask-reopen-registration = Open registration for { $name } again? The registration desks can register and check in players again; close it before drawing round 1 (the field is numbered again then).
dir-ask-redraw = Draw round { $round } again? This pairing, and every change made to it by hand, is replaced by a new draw.
dir-ask-redraw-part = Draw the waiting part of round { $round } again? Its pairing, and every change made to it by hand, is replaced by a new draw of the same groups; the parts already published stay.
dir-ask-publish-part = Publish this part of round { $round }? Its pairings appear on the board and the players' phones at once; a published part cannot be drawn again. The players still without a game are drawn in a later part.
dir-ask-publish = Publish round { $round }? The pairings appear on the board and the players' phones at once; a published round cannot be drawn again.
dir-ask-close = Close round { $round }? Its results become final for the standings and the next draw; only the director can change one afterwards.
dir-yes-close-registration = Yes, close registration
dir-yes-reopen-registration = Yes, open registration again
dir-yes-draw-again = Yes, draw again
dir-yes-publish = Yes, publish
dir-yes-close = Yes, close the round
dir-yes = Yes
dir-no-go-back = No, go back
dir-in-parts = Round { $round } in parts
dir-in-parts-note = The bottom boards finish first (Mays): draw their score groups now while the top boards play. Each part is published as its own pairing list; the rest is drawn when its groups are finished. Nobody already drawn is paired again.
dir-draw-bottom = Draw the finished groups of round { $round } from the bottom
dir-draw-rest = Draw the rest of round { $round }
dir-col-mms = MMS
dir-col-players = Players
dir-col-now = Now
dir-group-bottom = finished: drawn with the bottom
dir-group-alone = finished: may be drawn on its own
dir-group-playing = still playing
dir-group-to-draw = The group to draw
dir-one-group = one finished group…
dir-group-option = MMS { $mms } ({ $n } players)
dir-draw-group = Draw this group
dir-part = Part { $part }: { $n } tables ({ $tables })
dir-part-published = published
dir-part-not-published = not published yet
dir-still-to-draw = { $n } players still to draw.
dir-publish-part = Publish part { $part } of round { $round }
dir-redraw-part = Draw this part again
dir-no-part-waiting = No part of round { $round } is waiting to be published.
dir-choose-group = Choose the group to draw first; nothing was drawn.
dir-which-part = Which part of the round?
dir-done-part = A part of round { $round } is drawn: review it, then publish it.
dir-no-player = there is no player "{ $text }" in this tournament
dir-done-close-registration = Registration closed; the field is numbered by strength.
dir-done-move-start = Round { $round }'s start moved; the board and the players' pages show it now.
dir-done-draw = Round { $round } drawn: review it, then publish.
dir-done-publish = Round { $round } published.
dir-done-close = Round { $round } closed.
dir-done-edit = Change applied.
dir-unknown-action = unknown action "{ $action }"
dir-unknown-change = unknown change "{ $kind }"
dir-which-table = which table?
dir-choose-result-first = Table { $table }: choose the result first; nothing was recorded.
dir-done-settled = Table { $table }: { $result }; the dispute is settled.
dir-done-result = Table { $table }: { $result }.
dir-done-colours = Table { $table }: #{ $number } { $name } had Black.
dir-which-slip = which slip?
dir-done-slip = { $slip } { $accept ->
        [yes] accepted
       *[no] rejected
    }.
explain-heading = Explain two players
explain-title = { $name }: explain
explain-no-player = There is no player #{ $number } in { $name }: type the numbers on the sheets.
explain-and-no = and #
explain-button = Explain
explain-note = Why the latest draw paired them or not, and why one stands above the other.
explain-draw-of = Round { $round }'s draw
explain-paired-at = Paired with each other at table { $table }.
explain-not-paired = Not paired with each other.
explain-weighed = What the draw weighed
explain-the-draw = The draw
explain-standings-before = Standings before round 1
explain-standings-after = Standings after round { $round }
explain-standings = Standings

## Referee's table cards

referee-state = { $state ->
        [playing] playing
        [late] late start
        [result] result in
        [noshow] no-show
       *[disputed] disputed
    }
referee-count = { $n } { $state ->
        [playing] playing
        [late] late start
        [result] result in
        [noshow] no-show
       *[disputed] disputed
    }
referee-clock = { $minutes } min since the start · forfeit after { $forfeit } min: { $due }
referee-clock-announced = { $minutes } min since the announced start ({ $when }) · forfeit after { $forfeit } min: { $due }
referee-clock-at-least = At least { $minutes } min since the start · forfeit after { $forfeit } min: { $due }
referee-clock-reached = reached
referee-clock-in = in { $n } min
referee-clock-before = Starts at { $when }, in { $until } min · forfeit { $forfeit } min after the start.
referee-clock-first-report = Counted from the round's first report (this round's publish time is not recorded).
referee-clock-none = Forfeit after { $forfeit } min from the start.
referee-clock-starts-with = The clock starts with the round's first report (this round's publish time is not recorded).
referee-table-number-label = Table number
referee-show = Show
referee-all-tables = All tables
referee-table = Table { $table }
referee-forfeit-passed = forfeit time passed
referee-seat = { $seat ->
        [White] White
        [Black] Black
       *[nigiri] nigiri
    }
referee-black = Black: { $player }
referee-ask-both-absent = Table { $table }: both players absent? Both lose by forfeit.
referee-both-absent = Both absent
referee-late-minutes = Late start, minutes
referee-late = #{ $number } late
referee-how-settled = How it was settled
referee-what-disputed = What is disputed
referee-dispute = Dispute
referee-ask-absent = Table { $table }: #{ $number } absent? The opponent wins by forfeit.
referee-absent = #{ $number } absent
referee-returns = { $who } returns
referee-leaves = { $who } leaves
referee-ask-returns = { $who } returns to the tournament?
referee-ask-leaves = { $who } leaves the tournament (withdrawn from the next rounds)?
referee-withdrawn = Withdrawn
referee-unknown-action = unknown action "{ $action }"
referee-which = which { $what ->
        [round] round
       *[table] table
    }? (a number)
referee-tap-player = tap the player's button
referee-how-late = how many minutes late? (a number)
referee-say-disputed = say in a few words what is disputed
referee-no-player = there is no player { $player } in this tournament
referee-not-at-table = { $who } does not play at table { $table }
referee-done-absent-wins = table { $table }: { $absent } absent, { $winner } wins by forfeit
referee-done-absent = table { $table }: { $absent } absent
referee-done-both-absent = table { $table }: both players absent, both lose by forfeit
referee-done-late = table { $table }: { $who } started { $minutes } min late
referee-done-dispute = table { $table }: { $disputed ->
        [yes] disputed
       *[no] settled
    }
referee-done-colours = table { $table }: { $who } had Black
referee-done-leaves = { $who } leaves the tournament (withdrawn)
referee-done-returns = { $who } returns to the tournament

## Tournament settings

settings-name = Name
settings-name-note = As on the board and every sheet, e.g. "Main tournament".
settings-system = Pairing system
settings-system-note = How players are paired; fixed once round 1 is drawn. Default: McMahon.
settings-rounds = Rounds
settings-rounds-note = Rounds to play, 1 to 20; players entered for every round follow a change.
settings-start-date = First day
settings-start-date-note = Empty: the event's first day.
settings-end-date = Last day
settings-end-date-note = Not before the first day; empty: the event's last day.
settings-komi = Komi
settings-first-table = First table
settings-first-table-note = Number of the first board, when another event uses the lower ones. Default: 1.
settings-self-check-in = Players check themselves in
settings-self-check-in-note = With the personal code on their player card, on their phone or the entrance tablet (/t/…/checkin), while registration is open. Default: off.
settings-time-system = Time system
settings-time-system-note = What follows the basic time. Default: Canadian overtime.
settings-basic-minutes = Basic time, minutes
settings-basic-minutes-note = Each player's main time. Default: 60.
settings-period-seconds = Overtime period, seconds
settings-period-seconds-note = Canadian or Milton Keynes: the whole period (300 = 5 min); byo-yomi: one period. Default: 300.
settings-stones = Stones per period
settings-stones-note = Canadian or Milton Keynes: moves to play in each period. Default: 20.
settings-periods = Byo-yomi periods
settings-periods-note = Byo-yomi only: how many periods. Default: 0.
settings-increment-seconds = Fischer increment, seconds
settings-increment-seconds-note = Fischer only: seconds added per move. Default: 0.
settings-bar = Bar
settings-bar-note = Players at or above it start together at its score, e.g. 3d; empty: no bar. Default: none.
settings-floor = Floor
settings-floor-note = Players at or below it start together at its score, e.g. 20k; empty: no floor. Default: none.
settings-supergroup = Supergroup
settings-supergroup-note = Players at or above it (above the bar) start one point higher; empty: none. Default: none.
settings-sections = Sections (Mays)
settings-sections-note = The weakest rank of each section, strongest first; replaces bar and floor. Empty: none (default).
settings-section-step = Points between sections
settings-section-step-note = With sections: 1 for 3 rounds, 2 for 6, 3 for 9. Default: 0 (no sections).
settings-handicap-basis = Handicap from
settings-handicap-basis-note = Stones follow the players' score difference or their rank difference. Default: McMahon score.
settings-no-handicap-above = No handicap above
settings-handicap-correction = Correction, stones
settings-handicap-correction-note = Subtracted from the difference, -3 to 3 (1: one rank apart plays even). Default: 1.
settings-handicap-ceiling = At most, stones
settings-handicap-ceiling-note = The largest handicap, 0 to 9; 0: even games only. Default: 9.
settings-even-at-bar = Even games at the bar
settings-even-at-bar-note = McMahon: no handicap when either player starts at the bar (BGA, Mays). Default: off.
settings-nigiri = Nigiri
settings-nigiri-note = Even games: the players choose colours by nigiri; handicap games keep Black for the weaker player. Read when a round is drawn. Default: off.
settings-profile = Draw profile
settings-profile-note = Which rule book the pairing follows; the choices below default to it. Default: EGF.
settings-bye-rule = Bye
settings-bye-rule-note = Who gets the bye in an odd field. Default: EGF.
settings-avoid-same-club = Keep clubs apart
settings-avoid-same-club-note = Avoid pairing players of the same club.
settings-avoid-same-city = Keep cities apart
settings-avoid-same-city-note = Avoid pairing players of the same city.
settings-avoid-same-country = Keep countries apart
settings-avoid-same-country-note = Avoid pairing players of the same country.
settings-seeding = Seeding in a score group
settings-seeding-note = Who meets whom inside a group. Default: as the profile (EGF: random to round 2, then fold; Mays: slip).
settings-draw-down = Paired down
settings-draw-down-note = Who of a group meets a lower group. Default: as the profile (EGF: middle; Mays: weakest).
settings-draw-up = Paired up
settings-draw-up-note = Who of a group meets a higher group. Default: as the profile (EGF: middle; Mays: strongest).
settings-never-pair = Never pair
settings-never-pair-note = Player numbers that must never meet (family, a couple), e.g. 3-8, 5-12. Default: none.
settings-group-size = Group size
settings-group-size-note = Groups of about this many, made at round 1 by number and drawn apart (zones); 0: one field (default).
settings-tiebreaks = Tie-breaks, in order
settings-prizes = Prizes
settings-prizes-note = Amounts for places 1, 2, 3…, e.g. 100, 50, 25; tied players share. Default: none.
settings-categories = Categories
settings-categories-note = The weakest rank of each category with its own winners, strongest first (not with sections). Default: none.
settings-section-prizes = Prizes in each category
settings-section-prizes-note = Amounts for places 1, 2… inside every section or category. Default: none.
settings-bye-points = A bye is worth
settings-missed-rounds = A missed round earns
settings-missed-rounds-note = The score a player gets for a round they do not play. Default: ½ point (Mays).
settings-double-entry = Two desks confirm each result
settings-double-entry-note = A result counts once two terminals entered the same (on by default for the event's first tournament).
settings-player-results = Players report their own results
settings-player-results-note = On their page with their personal code; counts once the opponent or a results desk agrees. Default: off.
settings-forfeit-minutes = Forfeit after, minutes
settings-forfeit-minutes-note = An absent player loses by forfeit this long after the start (the referee's clock). Default: 30.
settings-reach = Reach, rungs
settings-rungs-per-stone = Rungs per handicap stone
settings-rungs-per-stone-note = 0: even games (default).
settings-max-meetings = Meetings per pair, at most
desk-system = { $system ->
        [mcmahon] McMahon
        [swiss] Swiss
        [round-robin] Round robin
        [knockout] Knockout
        [double-elimination] Double elimination
        [generalised-knockout] Generalised knockout
        [ladder] Club ladder
       *[self-paired] Self-paired
    }
desk-no-tournament = There is no tournament { $t }.
fields-saved-meanwhile = Saved meanwhile:
fields-empty = (empty)
fields-fixed = Cannot change now: { $reason }.
settings-on = on
settings-off = off
settings-switch-profile = as the profile ({ $on ->
        [on] on
       *[off] off
    })
settings-switch-note = { $what } Default: { $default }.
settings-part-basics = Basics
settings-part-time = Time control
settings-part-mcmahon = McMahon
settings-part-handicap = Handicap
settings-part-draw = Draw
settings-part-groups = Groups
settings-part-scoring = Standings and results
settings-part-prizes = Prizes
settings-wins-prizes = Prizes for wins
settings-wins-prizes-note = Everyone with at least that many wins, e.g. 4: 20, 5: 40 (4 wins or more: 20; 5 or more: 40); 3½ counts a jigo. Default: none.
settings-junior-prizes = Junior prizes
settings-junior-prizes-note = Amounts for the best juniors, 1, 2…; needs the year below and each junior's year of birth. Default: none.
settings-junior-born-from = Juniors are born in or after
settings-junior-born-from-note = A year, e.g. 2009. Players whose year of birth is not recorded are not juniors.
settings-below-rank-prizes = Prizes below a rank
settings-below-rank-prizes-note = Amounts for the best players ranked at the rank below or weaker, 1, 2…. Default: none.
settings-below-rank = For players ranked
settings-below-rank-note = This rank and weaker, e.g. 10k.
settings-improvement-prizes = Prizes for improvement
settings-improvement-prizes-note = Amounts for the players who climbed most places from their number to their final place, 1, 2…. Default: none.
settings-prizes-stack = A player may take several prizes
settings-prizes-stack-note = Off (the default): each player takes only their best prize, and a prize they cannot take goes to the next in line.
settings-part-teams = Teams
settings-team-boards = Boards per team (team tournament)
settings-team-boards-note = A team tournament: teams of this many boards (2 to 10) meet in matches, paired as teams; board 1 plays board 1, colours alternate by board. 0 (the default): players are paired. Then leave "Members counted per team" at 0.
settings-team-counting = Members counted per team
settings-team-counting-note = A team scores the sum of its best members' results; how many count (1 to 10). 0 (the default): no team competition. Players name their team on the registration form.
settings-team-score = What counts
settings-team-score-wins = Wins
settings-team-score-mms = McMahon score
settings-team-score-note = Wins (the default) compare teams fairly across sections; the McMahon score favours strong teams.
settings-team-prizes = Team prizes
settings-team-prizes-note = Amounts for the teams' places 1, 2…; tied teams split them. Default: none.
settings-part-fees = Entry fees
settings-fee-full = Full fee
settings-fee-full-note = What a player pays, like 30 or 30.50; 0 (the default) charges nothing and the desk's typed fee holds.
settings-fee-bands = Fees by rank
settings-fee-bands-note = A fee for a rank and stronger, instead of the full fee: 1d: 40, 5k: 35. Empty: one fee for all.
settings-fee-non-member = Non-member surcharge
settings-fee-non-member-note = Added for a player who is not a member of the federation.
settings-fee-junior-off = Junior concession
settings-fee-student-off = Student concession
settings-fee-senior-off = Senior concession
settings-fee-off-note = Taken off the fee for a player the desk marks with this concession.
settings-fee-late = Late entry fee
settings-fee-late-note = Added for a registration made after the closing date.
settings-late-after = Closing date
settings-late-after-note = The last day to register without the late fee (the venue's calendar). Empty: no late fee.
settings-fee-per-day = Fee per day
settings-fee-per-day-note = For a player who plays only some days: this per day played, never more than the full fee. 0: everyone pays the full fee.
settings-latecomers-by-day = Latecomers pay by the day too
settings-latecomers-by-day-note = Off (the default): a player who registers once the tournament has begun pays the full fee (Mays).
settings-levy-full = Levy, full
settings-levy-member = Levy, member
settings-levy-concession = Levy, concession
settings-levy-note = What the tournament owes the federation per player and day played, for the levy report.
settings-part-ladder = Ladder
settings-komi-note = Points White receives in an even game: 6.5, 6½ or 7. Default: { $default }.
settings-time-name = { $system ->
        [canadian] Canadian overtime
        [byo-yomi] Byo-yomi (Japanese)
        [fischer] Fischer increment
        [milton-keynes] Milton Keynes (BGA)
       *[sudden-death] Sudden death
    }
settings-time-class = As saved, an EGF class { $class } game ({ $minutes } min adjusted time).
settings-bga-bar = BGA guideline for the players checked in: bar at { $rank } ({ $top } players start at the top).
settings-use-bar = Use { $rank } and save
settings-bga-later = The BGA guideline's bar appears here once players are checked in.
settings-basis-mms = the difference in McMahon score
settings-basis-rank = the difference in rank
settings-no-handicap-above-note = Players stronger than this count as this rank for handicap. Default: { $default }.
settings-as-profile = as the profile
settings-seeding-fold = fold (1st meets last)
settings-seeding-slip = slip (1st meets middle)
settings-seeding-random = random
settings-seeding-adjacent = adjacent (Mays only)
settings-float-top = the strongest
settings-float-middle = the middle
settings-float-bottom = the weakest
settings-profile-egf = EGF (OpenGotha)
settings-profile-mays = Mays' manual
settings-bye-mays = Mays: weakest with most losses
settings-groups-of = { $size ->
        [0] one field
       *[other] groups of about { $size }
    }
settings-missed-name = { $rule ->
        [half] ½ point per missed round (Mays)
        [one-per-two] 1 point per two missed rounds (BGA)
       *[nothing] nothing
    }
settings-tiebreaks-note = Names in order (mms, wins, sos, sosos, sodos, sdos, h2h, …) or a profile (egf, mays, swiss). Default: { $default }.
settings-bye-points-note = Points, 0 to 2 (0.5 for half a point). Default: { $default }.
settings-reach-note = How many rungs up a challenge may reach; 0: anyone above. Default: { $default }.
settings-max-meetings-note = How often two players may meet; 0: no limit. Default: { $default }.
settings-title = { $name }: settings
settings-save = Save settings
settings-discard = Discard changes
settings-no-revision = This form has no revision: reload the page.
settings-saved-nothing = Saved: nothing had changed.
settings-saved = Saved: { $fields }.
settings-stale = Not saved: someone else saved these settings while you were editing. What you typed is still in the fields, and what is saved now is shown beside each field that differs: Save again to keep what is in the fields.
settings-stale-fields = Not saved: someone else saved these settings while you were editing. What you typed is still in the fields, and what is saved now is shown beside each field that differs ({ $fields }): Save again to keep what is in the fields.
settings-not-saved = Not saved: { $why }. Nothing changed; what you typed is still below.

## The event and its tournaments

event-field-name = Name
event-field-name-note = The congress, as the board's home page and this page show it.
event-field-venue = Venue
event-field-venue-note = The building or hall, e.g. "Town Hall".
event-field-city = City
event-field-city-note = The host city: the result files (EGF, OpenGotha, FFG, AGA) give it as the location.
event-field-country = Country
event-field-country-note = Two-letter ISO code (GB, FR, JP), for the EGF result file.
event-field-start-date = First day
event-field-start-date-note = A tournament without dates of its own takes these in its result files.
event-field-end-date = Last day
event-field-end-date-note = Not before the first day.
event-heading = The event
event-back = ← Tournaments
event-details = Details
event-save = Save the event
event-saved = The event's details are saved.
event-stale = Not saved: someone else saved the event's details while you were editing. What you typed is still in the fields, and what is saved now is shown beside each field that differs: Save again to keep what is in the fields.
event-details-line = { $link } — name, venue, city, country, dates
event-details-link = Event details
event-director = Director
event-tournaments = Tournaments
event-no-tournament = No tournament yet. Create the first one below; desks can register players as soon as it exists.
event-players = players: { $players }
event-dashboard = Dashboard
event-import = Import players
event-results = Results
event-referee = Referee
event-board = Board
event-system-rounds = { $system }, { $rounds } rounds
event-none-yet = none yet
event-checked-in-of = { $checked_in } checked in of { $all }
event-registration-open = registration open
event-registration-closed = registration closed, round 1 not drawn
event-round-now = round { $round }: { $state ->
        [drawn] drawn, not published
        [published] being played
       *[closed] closed
    }
event-desks = Desks
event-public-board = Public board
event-terminals = Terminals
event-terminals-note = Each desk signs in with its own terminal: make one there and scan or print its card.
event-new = New tournament
event-name-note = As it will appear on the board and the sheets, e.g. "Main tournament".
event-system-note = McMahon is the congress default. A ladder or self-paired event has no rounds.
event-defaults-note = Every other setting (komi 6½, time, bar, tie-breaks, prizes…) starts at its default; its settings page opens next.
event-create = Create tournament
event-created = { $name } created. Every setting is below at its default: change what differs, then save.
event-rounds-not-number = rounds: "{ $rounds }" is not a number of rounds

## Words the desk script shows (data- attributes)

dir-choose-first = Choose the result first: nothing was recorded.
results-press-key-after = press b, w, j or x for the result after the table number
handover-moving = This server stopped taking changes; moving this desk to { $host }…
handover-continue = Continue on { $host }
handover-unsent = This server stopped taking changes. What you typed here was not sent: note it, then
handover-none = No server takes changes at the moment ({ $here }; { $there }). Nothing typed here is sent until one does; the director promotes the standby (VENUE.md).
handover-here-is = this one is a { $mode }
handover-here-silent = this one does not answer
handover-there-is = { $host } is a { $mode }
handover-there-silent = { $host } does not answer

## Terminals

terminals-role = { $role ->
        [director] Director
        [registration] Registration desk
        [late-desk] Late arrivals desk
        [results] Results desk
        [referee] Referee
        [viewer] Viewer (reads only)
        [treasurer] Treasurer (payments and money reports)
        [replica] Standby server
        [system] The server itself
       *[public] Public board
    }
terminals-back = Back to the event
terminals-cards-at = Cards sign tablets in at { $address }. A tablet that does not trust the venue yet opens { $guide } first (the small code on each card).
terminals-trust-guide = the trust guide
terminals-loopback = Only this computer can open { $page }: start the server with { $san } (this laptop's address at the venue) or { $url } before printing cards.
terminals-host-name = The cards name this computer by its name, { $page }, which tablets on the venue Wi-Fi may not find. Scan one card with a tablet first; if it does not open, start the server with { $san } (this laptop's address at the venue) or { $url } and print the cards again.
terminals-new = New terminal
terminals-name-note = Recorded with everything this terminal does, e.g. "results-1" or "reg-desk-2"; two working terminals never share one.
terminals-role-label = Role
terminals-role-note = What it may do: a viewer only reads; choose the desk it is for. Director gives everything, this page included.
terminals-create = Create terminal
terminals-none = None yet.
terminals-made = made { $at }
terminals-revoked = revoked
terminals-last-seen = last seen { $ago }
terminals-not-seen = not seen since the server started
terminals-revoke = Revoke
terminals-ask-revoke = Revoke { $name } ({ $role })? Its pages sign out at once and its card stops working; this cannot be undone (make a new terminal instead).
terminals-yes-revoke = Yes, revoke { $name }
terminals-unknown-time = at an unknown time
terminals-choose-role = Choose the terminal's role from the list.
terminals-made-before = { $name } was made before; its token was shown then and cannot be shown again. If its card is lost, revoke it and make a new terminal.
terminals-no-answer = The server did not answer with a terminal.
terminals-done-revoke = { $name } is revoked: its pages are signed out and its card no longer works.
terminals-h-ago = { $h } h ago
terminals-days-ago = { $n } days ago
terminals-ready = Terminal { $name } is ready
terminals-made-note = { $name } ({ $role }) is made. { $shown } scan the code with the tablet now, or print the card, before you leave this page.
terminals-shown-once = Its token is shown only on this page:
terminals-print = Print the card
terminals-done-back = Done: back to the terminals
terminals-print-note = Printing sends the card alone, one to a page. Keep printed cards like keys: a card signs a tablet in.
terminals-terminal = Terminal { $name }
terminals-card-how = Scan with the tablet's camera, give your name, and the desk opens.
terminals-card-url = Or open { $page } and type the token:
terminals-new-tablet = New tablet?
terminals-trust-first = Scan this first to make it trust the venue: { $trust }
terminals-no-qr = No QR code: { $why }

## Change slips, timetable, finding a player

slips-heading = Change slips
slips-none = No slip waiting.
slips-for = { $slip } for { $player }
slips-field = { $field ->
        [family-name] family name
        [given-name] given name
        [club] club
        [country] country
        [rank] rank
       *[rounds] rounds
    }
slips-message = message: { $message }
slips-accept = Accept
slips-reason = Reason
slips-reject = Reject
slips-none-value = (none)
timetable-heading = Timetable
timetable-note = When each round starts, as the board, the pairing sheets and the players' phones show it; the referee's forfeit clock counts from it. Move a round here when the day runs late.
timetable-round = Round { $round }:
timetable-not-set = not set
timetable-closed = (closed)
timetable-set = Set
timetable-placeholder = 14:30, or 2026-11-28 14:30
timetable-starts-at = Round { $round } starts at
player-find = Player
player-find-placeholder = number or name
player-open = Open
player-find-note = Withdraw, absent, ghost, rank change, explain.

## A player's page

player-find-in = Find a player in { $name }
player-nobody = No player of { $name } matches “{ $q }”: type the number on the sheets or the start of a name.
player-find-title = { $name }: find a player
dir-player-no-such = There is no player #{ $number } in { $name }: find them on the dashboard by number or name.
player-explain = Explain with another player
player-no-number = No number yet: the field is numbered when registration closes.
player-another = Another player
player-entry = Entry
player-status = Status
player-not-rounds = (not { $rounds })
player-rank-from = { $rank } from round { $round }
player-ghost = Ghost
player-ghost-yes = yes: paired, never placed, never the bye
player-no = no
player-code = Personal code
player-code-note = (on the player card; never on a public page)
player-no-code = none yet: { $link }
player-make-codes = make the missing codes
player-no-round = No round drawn yet.
player-round = Round
player-opponent = Opponent
player-not-published = not published
player-absent = absent
dir-player-not-paired = not paired
player-reinstate = Reinstate
player-reinstate-note = Back in the tournament: paired again from the next draw.
player-withdraw = Withdraw
player-withdraw-note = Leaves the tournament: left out of every draw from now on; the games played still count.
player-absent-from = Absent from round
player-mark-absent = Mark absent
player-absent-note = Misses that round (no game, no bye) and plays the others; in a drawn round the opponent is left to pair by hand.
player-new-code = New personal code
player-new-code-note = When a player card is lost or seen by someone else: the old code stops working at once.
player-unghost = Not a ghost any more
player-make-ghost = Make a ghost
player-ghost-note = A ghost evens the field: paired like anyone, never placed in the standings, never given the bye.
player-new-rank = New rank
player-rank-placeholder = e.g. 2d
player-from-round = from round
player-move-start = also move the starting score
player-change-rank = Change rank
player-rank-note = From that round the draw and handicaps use the new rank; earlier rounds keep theirs. The starting score stays unless ticked.
player-choose-round = Choose the round first.
player-nothing-changed = Nothing changed: { $why }.
player-choose-from = Choose the first round first.
player-no-change = There is no change called "{ $action }" here.
player-ask-withdraw = Withdraw { $who } from { $name }? They are left out of every draw from now on; their games so far still count (Reinstate brings them back).
player-ask-absent = Mark { $who } absent from round { $round }? They get no game and no bye in it; if round { $round } is drawn, their opponent is left unpaired for you to pair by hand.
player-ask-rank = Change the rank of { $who } to { $rank } from round { $from }? The draw and handicaps use it from then on{ $start ->
        [moves] , and the starting score moves with it
       *[stays] ; the starting score stays
    }.
player-rank-typed = the one typed
player-ask-code = Give { $who } a new personal code? The old one stops working at once: print a new player card.
player-not-entered = { $id } has not entered { $name }
player-done-withdraw = { $who } is withdrawn: left out of the next draws.
player-done-reinstate = { $who } is back in: paired again from the next draw.
player-done-absent-drawn = { $who } is absent from round { $round }.
player-done-absent = { $who } is absent from round { $round }: not in its draw.
player-done-ghost = { $who } is a ghost: paired, never placed, never the bye.
player-done-unghost = { $who } is not a ghost any more.
player-type-rank = type the new rank first
player-done-rank = { $who } plays at { $rank } from round { $from }.
player-done-code = { $who } has a new personal code: the old one no longer works.
player-yes-withdraw = Yes, withdraw
player-yes-absent = Yes, mark absent
player-yes-rank = Yes, change the rank

## Player cards and uploads

upload-too-big = The file is larger than { $kb } KB: this page takes files up to that size.
upload-cut-off = The upload was cut off: choose the file and send it again.
upload-choose-file = Choose a file first.
cards-title = { $name }: player cards
cards-heading = Player cards: { $name }
cards-csv = Codes as CSV (for your mailing)
cards-note-check-in = Each card carries the player's personal code: with it they check themselves in at { $url } and report their own results on their page. Hand each card to its player only; a lost card gets a new code on the player's page.
cards-note = Each card carries the player's personal code: with it they report their own results on their page. Hand each card to its player only; a lost card gets a new code on the player's page.
cards-note-off = Each card carries the player's personal code: with it they report their own results on their page once you turn it on in the settings. Hand each card to its player only; a lost card gets a new code on the player's page.
cards-make = Make the missing codes ({ $n })
cards-your-code = Your code:
cards-no-code = no code yet
cards-every-code = Every player has a code.
cards-made = { $n } players have a code now.

## Importing players

import-heading = Import players: { $name }
import-file = File
import-file-note = A pre-registration CSV, an OpenGotha tournament (.xml) or an EGF results table (.h9), at most { $mb } MB. Nothing is written until you confirm the preview.
import-preview = Preview
import-back = Back to the dashboard
import-title = { $name }: import
import-columns = Which CSV columns are read?
import-columns-note = A header row naming the columns, in any order, separated by commas, semicolons or tabs. Family and given name are required; rank is needed to register (e.g. 3k, 2d). Names are matched ignoring case, spaces, _ and -:
import-nothing = Nothing to import from this file.
import-another = Choose another file
import-preview-title = { $name }: import preview
import-the-file = The file
import-refused = { $name }: { $why }. Nothing was imported.
import-pin = EGF pin { $pin }
import-will-register = Will be registered
import-already = Already imported: nothing more
import-duplicate = Left out: looks like { $of } already registered ({ $reason })
import-refused-row = Refused: { $why }
import-nothing-yet = Nothing has been written yet.
import-summary = { $new } · { $already } already imported · { $left_out } left out
import-to-register = { $n } to register in { $name }
import-line = Line
import-what = What happens
import-ask = Import { $n ->
        [one] 1 player
       *[other] { $n } players
    } into { $name }? They are registered and entered for every round, not checked in; the desks check them in as they arrive.
import-confirm-note = Confirming registers the { $n ->
        [one] 1 player
       *[other] { $n } players
    } marked “Will be registered”; the other rows are left out. Importing the same file again later registers nobody twice.
import-yes = Yes, import { $n ->
        [one] 1 player
       *[other] { $n } players
    }
import-button = Import { $n ->
        [one] 1 player
       *[other] { $n } players
    }
import-no = No, choose another file
import-lost-file = The form lost its file: choose the file again.
import-done = { $n ->
        [0] Nothing new imported.
        [one] Imported 1 player.
       *[other] Imported { $n } players.
    }
import-done-already = { $n } already imported before.
import-done-left-out = { $n } left out (duplicates or refused, as the preview said).

## Rating lists

ratings-federation = { $source ->
        [egd] EGD (European)
        [aga] AGA (American)
       *[ffg] FFG (French)
    }
ratings-load-heading = Load a list
ratings-file-note = The EGD allworld list, the AGA TD list or the FFG échelle, as the federation publishes it; the kind is recognised from the content. You see what it holds before it is loaded.
ratings-back = Back to the tournaments
ratings-loaded = Loaded now
ratings-none = No list loaded: the registration desks type every new player in by hand.
ratings-date = Date
ratings-complete = Complete
ratings-yes = yes
ratings-incomplete = no: load it again
ratings-lookup-note = The registration desks look new players up in these lists by name or id.
ratings-refused = { $name }: { $why }. Nothing was loaded.
ratings-ask = Load { $n } players from the { $list } list?
ratings-ask-dated = Load { $n } players from the { $list } list of { $date }?
ratings-ask-replaces = It replaces the list loaded now ({ $file }, { $n } players).
ratings-preview-title = Rating list: preview
ratings-the-list = the { $list } list
ratings-the-list-of = the { $list } list of { $date }
ratings-nothing-yet = Nothing is loaded yet.
ratings-summary = { $players } · { $skipped } lines left out
ratings-players = { $n } players
ratings-first = The first players as read
ratings-rating = Rating
ratings-replaces = Loading replaces the { $list } list loaded now: { $file }, { $n } players.
ratings-skipped = Lines left out
ratings-the-first = (the first { $n })
ratings-line = line { $line }: { $why }
ratings-yes-load = Yes, load { $n } players
ratings-load = Load { $n } players
ratings-not-held = That upload is no longer held (an hour passed, the server restarted, or other lists were uploaded since): choose the file again.
ratings-stopped = { $why } Loading again continues where it stopped.
ratings-done = Loaded { $n } players from the { $list } list ({ $file }).

## The core's refusals (`web::error::words`): in English, the words of the refusal's `Display`, as the gRPC door
## gives them; a refusal worded in free text is shown with a sentence saying what kind of refusal it is.

refused-kind-invalid = { $why }
refused-kind-not-found = { $why }
refused-kind-precondition = { $why }
refused-kind-stale = { $why }
refused-kind-exists = { $why }
refused-kind-forbidden = { $why }
refused-kind-unavailable = { $why }
refused-kind-too-many = { $why }
refused-kind-internal = { $why }
refused-role = A { $role } terminal may not { $action }. Ask the director for the right token.
refused-action = { $action ->
        [read] read the register
        [read-private] see contact details
        [register] register or change participants
        [configure] change the event or tournament settings
        [manage-tokens] manage terminal tokens
        [watch] watch the log
        [replicate] replicate the log
        [direct] draw, publish, edit or close rounds
        [enter-results] enter results
        [referee] make referee reports
        [withdraw] withdraw or reinstate players
        [submit-slip] send change slips
        [resolve-slips] see, accept or reject change slips
        [load-ratings] load rating lists
        [issue-codes] issue players' personal codes
        [self-service] act for a player with their personal code
        [take-payment] take payments
        [read-money] read the money reports
       *[manage-venue] see or change the venue's machines
    }
refused-not-kept = this server is no longer the primary and cannot vouch for entry { $seq } with the same request id
refused-not-kept-at = this server is no longer the primary and cannot vouch for entry { $seq }; retry at { $url } with the same request id
refused-overtaken = { $why } ({ $attempts } draws in a row were overtaken by changes)
refused-unknown-participant = no participant { $id }
refused-unknown-tournament = no tournament { $id }
refused-unknown-token = no token { $id }
refused-unknown-slip = no slip { $id }
refused-stale = stale revision: you edited { $expected }, the record is now at { $actual }; reload and retry
refused-duplicate = already registered as { $existing } ({ $reason }); if this is a different person, confirm it
refused-already-entered = { $participant } already entered { $tournament }
refused-already-checked-in = { $participant } is already checked in; nothing changed
refused-already-checked-in-by = { $participant } is already checked in by { $by }; nothing changed
refused-already-checked-in-ago = { $participant } is already checked in { $ago }; nothing changed
refused-already-checked-in-by-ago = { $participant } is already checked in by { $by } { $ago }; nothing changed
refused-not-entered = { $participant } has not entered { $tournament }
refused-no-entries = { $participant } has not entered any tournament: enter one first
refused-wrong-status = { $participant } is { $status ->
        [pre-registered] pre-registered
        [checked-in] checked in
       *[withdrawn] withdrawn
    } in { $tournament }: cannot { $action ->
        [check-in] check in
        [check-in-reinstate] check in (reinstate first)
        [check-in-desk] check in (see the desk)
        [withdraw-again] withdraw again
       *[reinstate] reinstate (not withdrawn)
    }
refused-registration-closed = registration for { $tournament } is closed: send the player to the late desk or the director
refused-unknown-round = { $tournament } has no round { $round } yet
refused-draw-changed = the register of { $tournament } changed while round { $round } was being drawn (desks checking players in or editing them); draw it again
refused-request-id-reused = request id { $id } was already used for a different command
refused-wrong-code = that is not the player's personal code: check it on the player card
refused-check-in-at-desk = players do not check themselves in at this tournament: please go to a registration desk
refused-results-at-desk = players do not report results at this tournament: hand the result to the results desk
refused-player-round-closed = round { $round } is closed: only the director changes its results now
refused-player-confirmed = table { $table } already has its result ({ $result }): only the director changes it now; see the referee
# The field a refusal names: English writes its name with spaces (`family_name` is "family name").
refused-field-name = { $field ->
       *[other] { $words }
    }
refused-field-empty = { $field }: must not be empty
refused-field-too-long = { $field }: is { $len } characters long; at most { $max }
refused-field-control = { $field }: contains control characters
refused-field-not-country = { $field }: { $value } is not an ISO 3166 two-letter country code (e.g. GB, FR, JP)
refused-field-not-latin = { $field }: { $value } is not in Latin letters: type the name as the player spells it in Latin letters (e.g. Yamada), or leave it empty
refused-field-latin-family = { $field }: type the family name in Latin letters too, beside the given name
refused-field-no-game = { $field }: there is no game at table { $table } in round { $round }
refused-field-reset-unknown = { $field }: only the director can reset a result to unknown
refused-field-late-start = { $field }: at most 1440 minutes
refused-field-note-too-long = { $field }: a note is at most 500 printable characters
refused-field-not-birth-year = { $field }: { $value } is not a year of birth: type the year the player was born, like 2012
refused-result-before-publishing = round { $round } is not published yet: results are taken after publishing
refused-part-not-published = table { $table } of round { $round } is in a part not published yet: results are taken after publishing
refused-confirmed = table { $table } is already confirmed as { $result }: only the director can correct it
refused-say-black = table { $table } was a nigiri: say who had Black
refused-pairing-closed = round { $round } is closed: its pairing can no longer change
refused-game-has-results = the game at table { $table } already has results: correct the result instead
refused-registration-still-open = registration is still open: close registration before drawing round 1
refused-already-drawn = round { $round } is already drawn: ask for a redraw explicitly (it is recorded)
refused-next-to-draw = the next round to draw is { $round }
refused-close-first = round { $round } is { $state ->
        [drawn] drawn
        [published] published
       *[closed] closed
    }: close it (all results confirmed) before drawing round { $next }
refused-already-is = round { $round } is already { $state ->
        [drawn] drawn
        [published] published
       *[closed] closed
    }
refused-not-published = round { $round } is not published yet
refused-already-closed = round { $round } is already closed
refused-unconfirmed = round { $round } has { $count } result(s) not confirmed: { $tables }
refused-unconfirmed-table = table { $table } { $progress ->
        [missing] missing
        [pending] pending
        [mismatch] mismatch
        [disputed] disputed
       *[confirmed] confirmed
    }
refused-reopen-after-draw = round 1 of { $tournament } is drawn: registration cannot open again; newcomers register at the late desk
refused-undo-other-desk = { $id } was registered at { $by }, not at this desk ({ $desk }): only the desk that registered a player can undo it; ask the director to withdraw them
refused-undo-too-old = { $id } was registered before desks could undo a registration: ask the director to withdraw them
refused-undo-too-late = { $id } was registered { $ago } ago: a registration can be undone only within a minute; ask the director to withdraw them
refused-undo-in-play = { $id } { $why }: the registration can no longer be undone; ask the director to withdraw them
refused-in-play-number = has a number in { $tournament }
refused-in-play-round = is in round { $round } of { $tournament }
refused-in-play-ladder = has a game on the ladder of { $tournament }
refused-in-play-slip = has a change slip

## The venue's machines (/desk/director/venue)
venue-title = The venue's machines
venue-link-note = the servers that keep the register: add one, replace one that died
venue-alone = This server runs on its own (started without --voter): there are no other machines to list. VENUE.md §3 says how to run three (two laptops and a witness).
venue-not-leader = Only the machine that leads changes the venue's machines; open this page there:
venue-no-leader = No machine leads at the moment (they are electing, or a majority is missing): changes wait until one does.
venue-machine = Machine { $id }
venue-number = Number
venue-address = Address
venue-voter = voter
venue-learner = learner (a copy for the board; does not vote)
venue-leads = leads
venue-up-to-date = up to date
venue-entries-behind = { $n ->
    [one] 1 entry behind
   *[other] { $n } entries behind
}
venue-promote = Make it a voter
venue-remove = Remove
venue-remove-question = Remove machine { $id } { $url } from the venue? Do it only when it is dead or leaving: a removed machine no longer votes or keeps the register.
venue-keep = Keep it
venue-add = Add a machine
venue-add-button = Add as a learner
venue-add-note = Start it first with --node-id, the venue's --voter list and its own address (VENUE.md, “Replacing a machine”). It copies the register; make it a voter once it is up to date, then remove the dead one.
venue-note = A voter keeps the register and votes: the venue takes changes while a majority of the voters agree. A learner keeps a copy and serves the public board, but never takes desk changes.
venue-bad-number = The machine's number must be a whole number (one no machine has had).
venue-done-add = Machine { $id } added as a learner: it is copying the register.
venue-done-promote = Machine { $id } is now a voter.
venue-done-remove = Machine { $id } left the venue.

## Entry fees (issue 33): a fee line, e.g. "Open: full fee 30.00".
fee-line = { $tournament }: { $what } { $amount }
fee-part-full = full fee
fee-part-band = fee from { $rank }
fee-part-days = { $played } { $played ->
        [one] day
       *[other] days
    } of { $of }
fee-part-non-member = non-member
fee-part-concession = { $concession ->
        [junior] junior
        [student] student
       *[senior] senior
    }
fee-part-late = late entry
fee-heading = Fee
fee-agreed = Agreed fee { $amount }: { $reason }
fee-account = Due { $due } · paid { $paid }
fee-waived = waived { $amount }
fee-to-pay = To pay { $amount }
fee-give-back = Give back { $amount }
fee-settled = Settled
fee-marked-paid = Marked paid
fee-col-amount = Amount
fee-col-method = How
fee-col-desk = Desk
fee-col-note = Note
fee-amount = Amount taken
fee-method = How they paid
fee-method-name = { $method ->
        [cash] Cash
        [card] Card
        [transfer] Bank transfer
        [prepaid] Paid before the event
       *[waived] Waived
    }
fee-note = Note (receipt, or why money is given back)
fee-record = Record payment
fee-take = Take payment
fee-not-amount = “{ $amount }” is not an amount: { $why }
fee-choose-method = Choose how they paid: cash, card, transfer, paid before, or waived.
fee-changed-meanwhile = This player changed at another desk meanwhile (perhaps they paid there): look at the fee again before taking money.
fee-recorded = { $amount } { $method } recorded for { $who }.
dir-money = Money
dir-money-link = Fees, payments and the treasurer's reports
money-title = Money
money-reports = Reports
money-report = { $kind ->
        [takings] Takings by desk and day
        [levy] Levy report
       *[budget] Budget
    }
money-owing = Still to pay, or to give back
money-none-owing = Everyone has paid what they owe.
money-col-player = Player
money-col-due = Due
money-col-paid = Paid
money-col-balance = To pay
money-choose-method = How?
money-note-placeholder = note
