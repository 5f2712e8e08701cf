# Die öffentliche Anzeige, die Spielerseiten, die Zettel und die Selbstbedienungsseiten (Issue 31).

## Der Seitenrahmen

shell-board = Übersicht
shell-live = live
shell-live-title = Aktualisiert sich selbst
tab-pairings = Paarungen
tab-standings = Rangliste
tab-players = Spieler

## Fehlerseiten

error-not-found = Nicht gefunden
error-cannot-read = Nicht lesbar
error-try-again = Gleich noch einmal versuchen
error-not-for-this-desk = Nicht für diesen Tisch
error-cannot-take = Gerade nicht möglich
error-not-allowed = Nicht erlaubt
error-please-wait = Bitte warten
error-went-wrong = Etwas ist schiefgegangen
error-too-long = Zu lang
error-form-expired = Formular abgelaufen
error-address-too-long = Adresse zu lang
error-back = Zurück zur Übersicht
error-busy = Der Server ist beschäftigt; bitte noch einmal versuchen.
error-no-page = Diese Seite gibt es nicht.

## Formate: Ränge und Anfangszeiten

rank-kyu = { $n }k
rank-dan = { $n }d
rank-pro = { $n }p
start-with-day = { $weekday ->
        [1] Mo.
        [2] Di.
        [3] Mi.
        [4] Do.
        [5] Fr.
        [6] Sa.
       *[7] So.
    }, { $day }. { $month ->
        [1] Jan.
        [2] Feb.
        [3] März
        [4] Apr.
        [5] Mai
        [6] Juni
        [7] Juli
        [8] Aug.
        [9] Sept.
        [10] Okt.
        [11] Nov.
       *[12] Dez.
    }, { $clock }

## Die Startseite

home-title = Turnierübersicht
home-none = Noch kein Turnier.
home-finished = Beendet: alle { $total } Runden gespielt
home-round-finished = Runde { $round } von { $total } beendet
home-round-playing = Runde { $round } von { $total } läuft
home-registration-open = { $total } Runden · Anmeldung offen
home-registration-closed = { $total } Runden · Anmeldung geschlossen

## Wörter mehrerer Seiten

board-rounds = Runden:
board-round-is-a-number = Eine Runde ist eine Zahl, etwa ?round=2.
board-round-not-published = Runde { $round } ist noch nicht veröffentlicht.
board-no-tournament = Es gibt kein Turnier { $tournament }.
board-table = Brett { $table }
board-white = Weiß
board-black = Schwarz
board-nigiri = Nigiri
board-komi = Komi { $komi }
board-no-komi = kein Komi (Schwarz beginnt)
board-stones = { $stones } Vorgabesteine, kein Komi
col-table = Brett
col-white = Weiß
col-black = Schwarz
col-handicap = Vorg.
col-komi = Komi
col-place = Platz
col-player = Spieler
col-wins = Siege
col-prize = Preis
col-group = Gruppe
col-section = Abschnitt
col-start-mms = Start-MMS
col-players = Spieler
col-winner = Sieger
col-prizes = Preise
col-rung = Sprosse
col-games = Partien
col-round = Runde
col-opponent = Gegner
col-result = Ergebnis
result-playing = läuft
result-being-checked = wird geprüft
result-of-game = { $forfeit ->
        [yes] { $result ->
            [won] kampflos gewonnen
            [lost] kampflos verloren
            [jigo] Jigo, kampflos
            [both-lost] verloren (beide), kampflos
            [both-won] gewonnen (beide), kampflos
           *[unknown] unbekannt, kampflos
        }
       *[no] { $result ->
            [won] gewonnen
            [lost] verloren
            [jigo] Jigo
            [both-lost] verloren (beide)
            [both-won] gewonnen (beide)
           *[unknown] unbekannt
        }
    }
col-name = Name
col-rank = Rang
col-club = Verein
col-country = Land
col-rounds = Runden
col-status = Status
status-expected = erwartet
status-checked-in = angemeldet
status-withdrawn = zurückgezogen
rounds-all = alle

## Paarungen

pairings-bad-query = Mit ?round=N sehen Sie eine frühere Runde.
pairings-title = Paarungen der Runde { $round }
pairings-page-title = { $tournament }: Paarungen der Runde { $round }
pairings-page-title-none = { $tournament }: Paarungen
pairings-starts-at = Beginn um { $when }.
pairings-round-starts-at = Runde { $round } beginnt um { $when }.
pairings-search-placeholder = Ihr Name oder Ihre Nummer
pairings-search-label = Spieler suchen
pairings-find = Suchen
pairings-by-name = Nach Namen
pairings-by-table = Nach Brett
pairings-versus = gegen
pairings-bye = Spielfrei:
pairings-through = Kampflos weiter:
pairings-bye-this-round = Spielfrei in dieser Runde
pairings-not-playing = Spielen diese Runde nicht
pairings-withdrawn = zurückgezogen
pairings-not-this-round = spielt diese Runde nicht
pairings-absent = abwesend
pairings-no-rounds = Diese Veranstaltung hat keine Runden: Die Spieler paaren sich selbst, und jede Partie wird erfasst, sobald sie gespielt ist.
pairings-see-who-is-where = Wer steht wo?
pairings-none-published = Noch keine Runde veröffentlicht. Die Paarungen erscheinen hier, sobald die Turnierleitung sie veröffentlicht.
pairings-round-starts-at-short = Runde { $round } um { $when }

## Rangliste

standings-none = Noch keine Rangliste.
standings-page-title = { $tournament }: Rangliste
standings-order = Reihenfolge: { $order }. Gleiche Plätze sind mit = markiert.
standings-before = Rangliste vor Runde 1
standings-final = Endstand
standings-after = Rangliste nach Runde { $round }
standings-provisional = Rangliste nach Runde { $round } (vorläufig: Ergebnisse kommen noch)
standings-crosstable = Kreuztabelle
standings-crosstable-of = Kreuztabelle: { $group }
standings-crosstable-key = Jede Zeile zeigt die Ergebnisse gegen den oben nummerierten Spieler: 1 Sieg, 0 Niederlage, ½ Jigo, ! kampflos, ? noch kein Ergebnis.
standings-winners-section = Gewinnerrunde
standings-bracket = Turnierbaum
standings-winner = Sieger:
standings-round = Runde { $round }
standings-at-table = Brett { $table }
standings-through = Weiter:
standings-won = Gewonnen:
standings-losers-round = { $section }: Runde { $round }
standings-final-match = Finale
standings-final-again = Finale, wiederholt
standings-losers-section = Verliererrunde
standings-group-winners = Gruppensieger
standings-section-winners = Sieger der Abschnitte

## Leitern und freie Partien

ladder-title = Leiter
ladder-self-paired = Freie Partien
ladder-page-title = { $tournament }: Leiter
ladder-page-title-self-paired = { $tournament }: freie Partien
ladder-self-paired-rule = { $meetings ->
        [0] Paaren Sie sich zwischen den Runden selbst: zwei beliebige Spieler; sagen Sie der Ergebniserfassung, wer gewonnen hat. Platzierung nach Siegen.
       *[other] Paaren Sie sich zwischen den Runden selbst: zwei beliebige Spieler, jedes Paar höchstens { $meetings }-mal; sagen Sie der Ergebniserfassung, wer gewonnen hat. Platzierung nach Siegen.
    }
ladder-rule = { $reach ->
        [0] Man fordert jeden heraus, der höher steht; ein Herausforderer, der gewinnt, übernimmt die Sprosse des Verteidigers.
       *[other] Man fordert jeden heraus, der bis zu { $reach } Sprossen höher steht; ein Herausforderer, der gewinnt, übernimmt die Sprosse des Verteidigers.
    }
ladder-stones = { $rungs ->
        [0] Partien ohne Vorgabe.
        [1] Ein Vorgabestein je Sprosse Abstand.
       *[other] Ein Vorgabestein je { $rungs } Sprossen Abstand.
    }
ladder-beat = { $winner } schlug { $loser }
ladder-jigo = { $first } – { $second }: Jigo
ladder-challenge = { $challenger } (Sprosse { $from }) forderte { $defender } (Sprosse { $to }): { $outcome ->
        [challenger] der Herausforderer gewann
        [defender] der Verteidiger gewann
       *[jigo] Jigo
    }
ladder-handicap = { $stones ->
        [one] 1 Stein
       *[other] { $stones } Steine
    }

## Die Teilnehmerliste

players-page-title = { $tournament }: Spieler
players-counts = { $registered } gemeldet, { $checked_in } angemeldet.

## Die Seite eines Spielers

player-bad-number = Ein Spieler wird mit seiner Nummer auf den Listen angegeben.
player-no-such = In diesem Turnier gibt es keinen Spieler { $number }.
player-rounds = Runden { $rounds }
player-none-published = Noch keine Runde veröffentlicht.
player-bye = Spielfrei
player-through = Kampflos weiter
player-drawn-later = Gepaart, sobald Ihre Gruppe fertig ist
player-not-paired = Nicht gepaart
player-next-nigiri = Brett { $table }, Nigiri mit { $opponent }
player-next-seat = Brett { $table }, { $colour }
player-next-bye = spielfrei
player-next-in-parts = Ihr Brett erscheint hier, sobald Ihre Gruppe gepaart ist
player-next-not-paired = nicht gepaart
player-next-round = Runde { $round } beginnt um { $when }; Ihr Brett erscheint hier, sobald die Paarungen veröffentlicht sind.
player-not-on-ladder = Noch nicht auf der Leiter: nummeriert beim nächsten Anmeldeschluss.
player-rung-of = Sprosse { $rung } von { $rungs }
player-rung = Sprosse { $rung }
player-games = { $n ->
        [one] 1 Partie
       *[other] { $n } Partien
    }
player-wins = { $n ->
        [one] 1 Sieg
       *[other] { $n } Siege
    }
player-at-the-top = Ganz oben: Verteidigen Sie die Sprosse gegen Herausforderer von unten.
player-may-challenge = Darf herausfordern:
player-even = ohne Vorgabe
player-no-games = Noch keine Partien.
player-jigo-with = Jigo mit { $opponent }
player-won-against = Gewonnen gegen { $opponent }
player-lost-to = Verloren gegen { $opponent }
player-challenged-rung = forderte Sprosse { $rung }
player-challenged-from = gefordert von Sprosse { $rung }

## Der Korrekturzettel („Stimmt etwas nicht?“)

slip-heading = Stimmt etwas nicht?
slip-pending = Die letzte Korrektur für diesen Spieler wartet auf die Turnierleitung.
slip-accepted = Die Turnierleitung hat die letzte Korrektur für diesen Spieler übernommen.
slip-rejected = Die Turnierleitung hat die letzte Korrektur für diesen Spieler nicht übernommen: { $reason }
slip-sent = Danke: Die Turnierleitung sieht sich Ihre Korrektur an.
slip-note = Füllen Sie nur aus, was sich ändern soll. Die Turnierleitung prüft jede Korrektur, bevor sie übernommen wird.
slip-family-name = Nachname
slip-given-name = Vorname
slip-rank = Rang (z. B. 3k, 2d)
slip-club = Verein
slip-country = Land (zwei Buchstaben)
slip-rounds = Runden, die Sie spielen (z. B. 1-3,5)
slip-message = Sonstiges
slip-send = An die Turnierleitung senden
slip-too-long = Eine Korrektur passt in wenige Zeilen; bitte kürzen.
slip-unreadable = Das Korrekturformular war nicht lesbar.
slip-too-many = Von diesem Gerät kamen schon mehrere Korrekturen; bitte einige Minuten warten oder zur Anmeldung gehen.
slip-bad-rank = Schreiben Sie den Rang als Zahl mit k, d oder p, z. B. 3k oder 2d.
slip-bad-rounds = Schreiben Sie die Runden als Zahlen und Bereiche, z. B. 1-3,5.
slip-not-recorded = Die Korrektur konnte gerade nicht gespeichert werden; bitte gleich noch einmal versuchen oder zur Anmeldung gehen.

## Was ein Spieler mit seinem persönlichen Code tut: das eigene Ergebnis, die Selbstanmeldung

own-throttled = Zu viele falsche Codes von diesem Gerät oder für diesen Spieler: { $minutes } Minuten warten oder zur Anmeldung gehen.
own-refused = Das ging nicht: { $why }.
own-wrong-code = Das ist nicht Ihr persönlicher Code. Prüfen Sie ihn auf Ihrer Spielerkarte und geben Sie ihn noch einmal ein.
own-registration-closed = Die Anmeldung ist geschlossen: Bitte gehen Sie zum Tisch für Nachzügler.
own-already-checked-in = Sie sind bereits angemeldet.
own-check-in-at-desk = Bei diesem Turnier melden sich die Spieler am Anmeldetisch an.
own-results-at-desk = Bei diesem Turnier melden die Spieler keine Ergebnisse: Bitte geben Sie Ihr Ergebnis bei der Ergebniserfassung ab.
own-round-closed = Runde { $round } ist abgeschlossen: Nur die Turnierleitung ändert jetzt noch Ergebnisse.
own-confirmed = Brett { $table } hat sein Ergebnis schon: Nur die Turnierleitung kann es ändern; bitte zum Schiedsrichter.
own-report-heading = Ihr Ergebnis melden
own-report-sent = Danke: Ihr Ergebnis ist eingegangen.
own-report-game = Runde { $round }, Brett { $table } gegen { $opponent }
own-i-won = Ich habe gewonnen
own-i-lost = Ich habe verloren
own-jigo = Jigo
own-who-had-black = Wer hatte Schwarz?
own-i-had-black = Ich hatte Schwarz
own-they-had-black = { $name } hatte Schwarz
own-check-my-result = Mein Ergebnis prüfen
own-code-label = Ihr persönlicher Code (auf Ihrer Spielerkarte)
own-state-confirmed = Das Ergebnis ist bestätigt. Nur die Turnierleitung kann es noch ändern: Bitte zum Schiedsrichter, wenn es falsch ist.
own-state-mismatch = Die Meldungen widersprechen sich: Die Ergebniserfassung oder der Schiedsrichter klärt das. Melden Sie erneut, wenn Ihre falsch war.
own-state-none = Für diese Partie hat noch niemand ein Ergebnis gemeldet. Ihre Meldung zählt, sobald die Ihres Gegners oder der Ergebniserfassung übereinstimmt.
own-state-one = Eine Meldung ist da: Sie zählt, sobald eine zweite übereinstimmt (die Ihres Gegners, Ihre oder die der Ergebniserfassung).
own-choose-first = Wählen Sie zuerst „Ich habe gewonnen“ oder „Ich habe verloren“.
own-form-unreadable = Das Formular war nicht lesbar: Öffnen Sie Ihre Seite neu.
own-not-your-game = Das ist nicht Ihre Partie: Öffnen Sie Ihre Seite neu.
own-say-black-first = Sagen Sie zuerst, wer Schwarz hatte.
own-check-sentence = Runde { $round }, Brett { $table }: Sie, { $me }{ $colour ->
        [white] , mit Weiß,
        [black] , mit Schwarz,
       *[open] ,
    } { $says ->
        [won] haben gewonnen gegen
        [lost] haben verloren gegen
       *[jigo] haben Jigo gespielt mit
    } { $opponent }.
own-is-that-right = Stimmt das?
own-yes-report = Ja, melden
own-no-change = Nein, ändern
own-no-tournament = Diese Adresse nennt kein Turnier.
own-type-again = Geben Sie Ihren Code noch einmal ein.
own-check-in-closed = Bei diesem Turnier melden sich die Spieler am Anmeldetisch an.
own-check-in-heading = Anmelden: { $tournament }
own-check-in-title = Anmelden
own-next = Weiter
own-already-in = Sie sind bereits angemeldet, { $name }.
own-see-the-desk = { $name }: Bitte gehen Sie zum Anmeldetisch.
own-this-is-me = Das bin ich: anmelden
own-not-me = Das bin ich nicht
own-welcome = Willkommen, { $name }: Sie sind angemeldet.
own-your-page = Ihre Seite: Dort erscheint Ihr Brett, sobald die Runde veröffentlicht ist
own-next-player = Nächster Spieler

## Die gedruckten Ergebniszettel (in der Sprache der Seite der Turnierleitung beim Drucken)

slip-print-title = { $tournament }: Ergebniszettel der Runde { $round }
slip-print-heading = Ergebniszettel: { $tournament }
slip-print-place = Runde { $round } · Brett { $table }
slip-print-nigiri = Nigiri
slip-print-nigiri-tick = den Spieler ankreuzen, der Schwarz hatte
slip-print-handicap = Vorgabe
slip-print-white-wins = Weiß gewinnt
slip-print-black-wins = Schwarz gewinnt
slip-print-even = ohne Vorgabe, Komi { $komi }
slip-print-one-stone = 1 Stein (Schwarz beginnt), kein Komi

# The team competition on the standings page.
teams-heading = Mannschaften
col-team = Mannschaft
col-score = Punkte
teams-rule-wins = Eine Mannschaft erzielt die Summe der Siege ihrer { $n } besten Mitglieder (die zuerst genannten Spieler); bei Gleichstand entscheidet die Summe ihrer Platzierungen.
teams-rule-mms = Eine Mannschaft erzielt die Summe der McMahon-Punkte ihrer { $n } besten Mitglieder (die zuerst genannten Spieler); bei Gleichstand entscheidet die Summe ihrer Platzierungen.

# A team tournament (issue 33)
col-won-drawn-lost = S–U–N
col-team-points = Punkte
col-board-wins = Bretter
teams-match-rule = Mannschaften werden nach Mannschaftspunkten (gewonnener Kampf 2, unentschieden 1) gereiht, dann nach Brettpunkten, dann nach Brettpunkten an den ersten drei Brettern, den ersten zwei und Brett 1, dann nach der mittleren Wertung.
matches-heading = Mannschaftskämpfe
col-tables = Tische
matches-white-note = Die zuerst genannte Mannschaft hat Weiß an den Brettern 1, 3, 5 …, die andere an den Brettern 2, 4 …
team-bye = Spielfrei in dieser Runde
team-not-found = In diesem Turnier gibt es keine Mannschaft { $team }.
team-number = Mannschaft { $number }
team-players = Spieler in Brettreihenfolge
team-page-title = { $team } — { $tournament }
team-round = Runde { $round }
col-board = Brett
col-colour = Farbe
team-won-by-default = kampflos gewonnen (niemand gegenüber)
team-lost-by-default = kampflos verloren (niemand an diesem Brett)
pairings-team-without-game = Ohne Partie (spielfreie Mannschaft oder niemand gegenüber):
