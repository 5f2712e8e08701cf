# The public board, the player pages, the slips and the self-service pages (issue 31).
# Every message here exists in every language (en, fr, de, ja, ko, zh-Hans); the test
# `web::lang::tests::every_message_exists_in_every_language_with_the_same_arguments` checks it.

## The page shell

shell-board = Board
shell-live = live
shell-live-title = Updates by itself
tab-pairings = Pairings
tab-standings = Standings
tab-players = Players

## Refusal pages

error-not-found = Not found
error-cannot-read = Cannot read that
error-try-again = Try again shortly
error-not-for-this-desk = Not for this desk
error-cannot-take = Cannot take it now
error-not-allowed = Not allowed
error-please-wait = Please wait
error-went-wrong = Something went wrong
error-too-long = Too long
error-form-expired = Form expired
error-address-too-long = Address too long
error-back = Back to the board
error-busy = The server is busy; try again.
error-no-page = There is no such page.

## Formats: ranks and starts

rank-kyu = { $n }k
rank-dan = { $n }d
rank-pro = { $n }p
# A start on another day than today's rounds: Sat 28 Nov, 14:00. $weekday is 1 (Monday) … 7, $month 1 … 12.
start-with-day = { $weekday ->
        [1] Mon
        [2] Tue
        [3] Wed
        [4] Thu
        [5] Fri
        [6] Sat
       *[7] Sun
    } { $day } { $month ->
        [1] Jan
        [2] Feb
        [3] Mar
        [4] Apr
        [5] May
        [6] Jun
        [7] Jul
        [8] Aug
        [9] Sep
        [10] Oct
        [11] Nov
       *[12] Dec
    }, { $clock }

## The board's home page

home-title = Tournament board
home-none = No tournament yet.
home-finished = Finished: all { $total } rounds played
home-round-finished = Round { $round } of { $total } finished
home-round-playing = Round { $round } of { $total } is being played
home-registration-open = { $total } rounds · registration open
home-registration-closed = { $total } rounds · registration closed

## Words several pages share

board-rounds = Rounds:
board-round-is-a-number = A round is a number, as in ?round=2.
board-round-not-published = Round { $round } has not been published.
board-no-tournament = There is no tournament { $tournament }.
board-table = Table { $table }
board-white = White
board-black = Black
board-nigiri = nigiri
board-komi = komi { $komi }
board-no-komi = no komi (Black plays first)
board-stones = { $stones } stones, no komi
col-table = Table
col-white = White
col-black = Black
col-handicap = Hcp
col-komi = Komi
col-place = Place
col-player = Player
col-wins = Wins
col-prize = Prize
col-group = Group
col-section = Section
col-start-mms = Start MMS
col-players = Players
col-winner = Winner
col-prizes = Prizes
col-rung = Rung
col-games = Games
col-round = Round
col-opponent = Opponent
col-result = Result
result-playing = playing
result-being-checked = being checked
# $result: won, lost, jigo, both-lost, both-won, unknown; $forfeit: yes or no.
result-of-game = { $forfeit ->
        [yes] { $result ->
            [won] won by forfeit
            [lost] lost by forfeit
            [jigo] jigo by forfeit
            [both-lost] lost (both) by forfeit
            [both-won] won (both) by forfeit
           *[unknown] unknown by forfeit
        }
       *[no] { $result ->
            [won] won
            [lost] lost
            [jigo] jigo
            [both-lost] lost (both)
            [both-won] won (both)
           *[unknown] unknown
        }
    }
col-name = Name
col-rank = Rank
col-club = Club
col-country = Country
col-rounds = Rounds
col-status = Status
status-expected = expected
status-checked-in = checked in
status-withdrawn = withdrawn
rounds-all = all

## Pairings

pairings-bad-query = Use ?round=N to see an earlier round.
pairings-title = Round { $round } pairings
pairings-page-title = { $tournament }: round { $round } pairings
pairings-page-title-none = { $tournament }: pairings
pairings-starts-at = Starts at { $when }.
pairings-round-starts-at = Round { $round } starts at { $when }.
pairings-search-placeholder = Your name or number
pairings-search-label = Find a player
pairings-find = Find
pairings-by-name = By name
pairings-by-table = By table
pairings-versus = vs
pairings-bye = Bye:
pairings-through = Through without a game:
pairings-bye-this-round = Bye this round
pairings-not-playing = Not playing this round
pairings-withdrawn = withdrawn
pairings-not-this-round = not playing this round
pairings-absent = absent
pairings-no-rounds = This event has no rounds: players pair themselves and each game is recorded as it is played.
pairings-see-who-is-where = See who is where.
pairings-none-published = No round published yet. This page shows the pairings the moment the director publishes them.
pairings-round-starts-at-short = Round { $round } starts at { $when }

## Standings

standings-none = No standings yet.
standings-page-title = { $tournament }: standings
standings-order = Order: { $order }. Equal places are marked =.
standings-before = Standings before round 1
standings-final = Final standings
standings-after = Standings after round { $round }
standings-provisional = Standings after round { $round } (provisional: results still coming in)
standings-crosstable = Crosstable
standings-crosstable-of = Crosstable: { $group }
standings-crosstable-key = Each row's results against the player numbered at the top: 1 win, 0 loss, ½ jigo, ! by forfeit, ? no result yet.
standings-winners-section = Winners' section
standings-bracket = Bracket
standings-winner = Winner:
standings-round = Round { $round }
standings-at-table = table { $table }
standings-through = Through:
standings-won = Won:
standings-losers-round = { $section }: round { $round }
standings-final-match = Final
standings-final-again = Final, played again
standings-losers-section = Losers' section
standings-group-winners = Group winners
standings-section-winners = Section winners

## Ladders and self-paired events

ladder-title = Ladder
ladder-self-paired = Self-paired games
ladder-page-title = { $tournament }: ladder
ladder-page-title-self-paired = { $tournament }: self-paired games
ladder-self-paired-rule = { $meetings ->
        [0] Pair yourselves between rounds: any two players; tell the results desk who won. Placed by wins.
       *[other] Pair yourselves between rounds: any two players, each pair { $meetings } times at most; tell the results desk who won. Placed by wins.
    }
ladder-rule = { $reach ->
        [0] A player challenges anyone above them; a challenger who wins takes the defender's rung.
       *[other] A player challenges anyone up to { $reach } rungs above; a challenger who wins takes the defender's rung.
    }
ladder-stones = { $rungs ->
        [0] Even games.
        [1] One handicap stone per rung between the two.
       *[other] One handicap stone per { $rungs } rungs between the two.
    }
ladder-beat = { $winner } beat { $loser }
ladder-jigo = { $first } – { $second }: jigo
ladder-challenge = { $challenger } (rung { $from }) challenged { $defender } (rung { $to }): { $outcome ->
        [challenger] the challenger won
        [defender] the defender won
       *[jigo] jigo
    }
ladder-handicap = { $stones ->
        [one] 1 stone
       *[other] { $stones } stones
    }

## The register

players-page-title = { $tournament }: players
players-counts = { $registered } registered, { $checked_in } checked in.

## A player's own page

player-bad-number = A player is named by the number on the sheets.
player-no-such = There is no player { $number } in this tournament.
player-rounds = rounds { $rounds }
player-none-published = No round published yet.
player-bye = Bye
player-through = Through without a game
player-drawn-later = Drawn when your group is finished
player-not-paired = Not paired
player-next-nigiri = table { $table }, nigiri with { $opponent }
player-next-seat = table { $table }, { $colour }
player-next-bye = bye
player-next-in-parts = your table appears here when your group is drawn
player-next-not-paired = not paired
player-next-round = Round { $round } starts at { $when }; your table appears here when the pairings are published.
player-not-on-ladder = Not on the ladder: numbered when registration next closes.
player-rung-of = Rung { $rung } of { $rungs }
player-rung = rung { $rung }
player-games = { $n ->
        [one] 1 game
       *[other] { $n } games
    }
player-wins = { $n ->
        [one] 1 win
       *[other] { $n } wins
    }
player-at-the-top = At the top: defend the rung against challengers from below.
player-may-challenge = May challenge:
player-even = even
player-no-games = No games yet.
player-jigo-with = Jigo with { $opponent }
player-won-against = Won against { $opponent }
player-lost-to = Lost to { $opponent }
player-challenged-rung = challenged rung { $rung }
player-challenged-from = challenged from rung { $rung }

## The change slip ("Something wrong?")

slip-heading = Something wrong?
slip-pending = The last correction sent for this player is waiting for the director.
slip-accepted = The director made the last correction sent for this player.
slip-rejected = The director did not make the last correction sent for this player: { $reason }
slip-sent = Thank you: the director will look at your correction.
slip-note = Fill in only what should change. The director checks every correction before it is made.
slip-family-name = Family name
slip-given-name = Given name
slip-rank = Rank (e.g. 3k, 2d)
slip-club = Club
slip-country = Country (two letters)
slip-rounds = Rounds you play (e.g. 1-3,5)
slip-message = Anything else
slip-send = Send to the director
slip-too-long = A correction fits in a few lines; please shorten it.
slip-unreadable = The correction form could not be read.
slip-too-many = Several corrections came from this device already; please wait a few minutes, or see the desk.
slip-bad-rank = Write the rank as a number and k, d or p, e.g. 3k or 2d.
slip-bad-rounds = Write the rounds as numbers and ranges, e.g. 1-3,5.
slip-not-recorded = The correction could not be recorded just now; please try again in a moment or see the desk.

## What a player does with their personal code: their own result, self check-in

own-throttled = Too many wrong codes from this device or for this player: wait { $minutes } minutes, or see the desk.
own-refused = That could not be taken: { $why }.
own-wrong-code = That is not your personal code. Check it on your player card and type it again.
own-registration-closed = Registration has closed: please go to the late-arrivals desk.
own-already-checked-in = You are already checked in.
own-check-in-at-desk = Players check in at the registration desk for this tournament.
own-results-at-desk = Players do not report results at this tournament: hand your result to the results desk.
own-round-closed = Round { $round } is closed: only the director changes its results now.
own-confirmed = Table { $table } already has its result: only the director changes it now; see the referee.
own-report-heading = Report your result
own-report-sent = Thank you: your result is in.
own-report-game = Round { $round }, table { $table } against { $opponent }
own-i-won = I won
own-i-lost = I lost
own-jigo = Jigo
own-who-had-black = Who had Black?
own-i-had-black = I had Black
own-they-had-black = { $name } had Black
own-check-my-result = Check my result
own-code-label = Your personal code (on your player card)
own-state-confirmed = The result is confirmed. Only the director can change it now: see the referee if it is wrong.
own-state-mismatch = The reports disagree: a results desk or the referee will settle it. Report again if yours was wrong.
own-state-none = Nobody has reported this game yet. Your report counts once your opponent's or a results desk's agrees.
own-state-one = One report is in: it counts once a second one agrees (your opponent's, yours, or a results desk's).
own-choose-first = Choose “I won” or “I lost” first.
own-form-unreadable = The form could not be read: open your page again.
own-not-your-game = That game is not yours: open your page again.
own-say-black-first = Say who had Black first.
# $colour: white, black, or open (a nigiri whose colours nobody recorded); $says: won, lost, jigo.
own-check-sentence = Round { $round }, table { $table }: you, { $me }{ $colour ->
        [white] , with White
        [black] , with Black
       *[open] {""}
    }, { $says ->
        [won] won against
        [lost] lost to
       *[jigo] drew (jigo) with
    } { $opponent }.
own-is-that-right = Is that right?
own-yes-report = Yes, report it
own-no-change = No, change it
own-no-tournament = That address names no tournament.
own-type-again = Type your code again.
own-check-in-closed = Players check in at the registration desk for this tournament.
own-check-in-heading = Check in: { $tournament }
own-check-in-title = Check in
own-next = Next
own-already-in = You are already checked in, { $name }.
own-see-the-desk = { $name }: please see the registration desk.
own-this-is-me = This is me: check me in
own-not-me = This is not me
own-welcome = Welcome, { $name }: you are checked in.
own-your-page = Your page: your table appears there when the round is published
own-next-player = Next player

## The printed result slips (in the language of the director's page when printed)

slip-print-title = { $tournament }: round { $round } result slips
slip-print-heading = Result slip: { $tournament }
slip-print-place = Round { $round } · Table { $table }
slip-print-nigiri = Nigiri
slip-print-nigiri-tick = tick the player who had Black
slip-print-handicap = Handicap
slip-print-white-wins = White wins
slip-print-black-wins = Black wins
slip-print-even = even game, komi { $komi }
slip-print-one-stone = 1 stone (Black plays first), no komi

# The team competition on the standings page.
teams-heading = Teams
col-team = Team
col-score = Score
teams-rule-wins = A team scores the sum of its best { $n } members' wins (the players listed first); equal scores go by the sum of those members' places.
teams-rule-mms = A team scores the sum of its best { $n } members' McMahon scores (the players listed first); equal scores go by the sum of those members' places.

# A team tournament (issue 33)
col-won-drawn-lost = W–D–L
col-team-points = Points
col-board-wins = Boards
teams-match-rule = Teams are placed by team points (a won match 2, a drawn match 1), then board wins, then board wins on the first three boards, the first two and board 1, then the mean rating.
matches-heading = Matches
col-tables = Tables
matches-white-note = The team named first has White on boards 1, 3, 5…; the other on boards 2, 4…
team-bye = Bye this round
team-not-found = There is no team { $team } in this tournament.
team-number = Team { $number }
team-players = Players, in board order
team-page-title = { $team } — { $tournament }
team-round = Round { $round }
col-board = Board
col-colour = Colour
team-won-by-default = won by default (nobody opposite)
team-lost-by-default = lost by default (nobody on this board)
pairings-team-without-game = Without a game (the team bye, or nobody opposite):
