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
