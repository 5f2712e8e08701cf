# Le tableau public, les pages des joueurs, les fiches et les pages en libre-service (issue 31).

## Le cadre des pages

shell-board = Accueil
shell-live = en direct
shell-live-title = Se met à jour tout seul
tab-pairings = Appariements
tab-standings = Classement
tab-players = Joueurs

## Pages de refus

error-not-found = Introuvable
error-cannot-read = Illisible
error-try-again = Réessayez dans un instant
error-not-for-this-desk = Pas pour cette table
error-cannot-take = Impossible pour l'instant
error-not-allowed = Non autorisé
error-please-wait = Merci de patienter
error-went-wrong = Une erreur est survenue
error-too-long = Trop long
error-form-expired = Formulaire expiré
error-address-too-long = Adresse trop longue
error-back = Retour à l'accueil
error-busy = Le serveur est occupé ; réessayez.
error-no-page = Cette page n'existe pas.

## Formats : niveaux et horaires

rank-kyu = { $n }k
rank-dan = { $n }d
rank-pro = { $n }p
start-with-day = { $weekday ->
        [1] lun.
        [2] mar.
        [3] mer.
        [4] jeu.
        [5] ven.
        [6] sam.
       *[7] dim.
    } { $day } { $month ->
        [1] janv.
        [2] févr.
        [3] mars
        [4] avr.
        [5] mai
        [6] juin
        [7] juil.
        [8] août
        [9] sept.
        [10] oct.
        [11] nov.
       *[12] déc.
    }, { $clock }

## L'accueil du tableau

home-title = Tableau des tournois
home-none = Aucun tournoi pour l'instant.
home-finished = Terminé : les { $total } rondes sont jouées
home-round-finished = Ronde { $round } sur { $total } terminée
home-round-playing = Ronde { $round } sur { $total } en cours
home-registration-open = { $total } rondes · inscriptions ouvertes
home-registration-closed = { $total } rondes · inscriptions closes

## Mots communs à plusieurs pages

board-rounds = Rondes :
board-round-is-a-number = Une ronde est un nombre, par exemple ?round=2.
board-round-not-published = La ronde { $round } n'est pas encore publiée.
board-no-tournament = Il n'y a pas de tournoi { $tournament }.
board-table = Table { $table }
board-white = Blanc
board-black = Noir
board-nigiri = nigiri
board-komi = komi { $komi }
board-no-komi = sans komi (Noir commence)
board-stones = { $stones } pierres, sans komi
col-table = Table
col-white = Blanc
col-black = Noir
col-handicap = Hand.
col-komi = Komi
col-place = Place
col-player = Joueur
col-wins = Victoires
col-prize = Prix
col-group = Groupe
col-section = Section
col-start-mms = MMS de départ
col-players = Joueurs
col-winner = Vainqueur
col-prizes = Prix
col-rung = Échelon
col-games = Parties
col-round = Ronde
col-opponent = Adversaire
col-result = Résultat
result-playing = en cours
result-being-checked = en vérification
result-of-game = { $forfeit ->
        [yes] { $result ->
            [won] gagné par forfait
            [lost] perdu par forfait
            [jigo] jigo par forfait
            [both-lost] perdu (tous deux) par forfait
            [both-won] gagné (tous deux) par forfait
           *[unknown] inconnu, par forfait
        }
       *[no] { $result ->
            [won] gagné
            [lost] perdu
            [jigo] jigo
            [both-lost] perdu (tous deux)
            [both-won] gagné (tous deux)
           *[unknown] inconnu
        }
    }
col-name = Nom
col-rank = Niveau
col-club = Club
col-country = Pays
col-rounds = Rondes
col-status = État
status-expected = attendu
status-checked-in = pointé
status-withdrawn = forfait général
rounds-all = toutes

## Appariements

pairings-bad-query = Utilisez ?round=N pour voir une ronde précédente.
pairings-title = Appariements de la ronde { $round }
pairings-page-title = { $tournament } : appariements de la ronde { $round }
pairings-page-title-none = { $tournament } : appariements
pairings-starts-at = Début à { $when }.
pairings-round-starts-at = La ronde { $round } commence à { $when }.
pairings-search-placeholder = Votre nom ou numéro
pairings-search-label = Chercher un joueur
pairings-find = Chercher
pairings-by-name = Par nom
pairings-by-table = Par table
pairings-versus = contre
pairings-bye = Exempt :
pairings-through = Qualifié sans jouer :
pairings-bye-this-round = Exempt cette ronde
pairings-not-playing = Ne jouent pas cette ronde
pairings-withdrawn = forfait général
pairings-not-this-round = ne joue pas cette ronde
pairings-absent = absent
pairings-no-rounds = Cet événement n'a pas de rondes : les joueurs s'apparient eux-mêmes et chaque partie est enregistrée quand elle est jouée.
pairings-see-who-is-where = Voir qui est où.
pairings-none-published = Aucune ronde publiée pour l'instant. Les appariements apparaissent ici dès que le directeur du tournoi les publie.
pairings-round-starts-at-short = Ronde { $round } à { $when }

## Classement

standings-none = Pas encore de classement.
standings-page-title = { $tournament } : classement
standings-order = Départage : { $order }. Les places égales sont marquées =.
standings-before = Classement avant la ronde 1
standings-final = Classement final
standings-after = Classement après la ronde { $round }
standings-provisional = Classement après la ronde { $round } (provisoire : des résultats arrivent encore)
standings-crosstable = Grille
standings-crosstable-of = Grille : { $group }
standings-crosstable-key = Chaque ligne donne les résultats contre le joueur numéroté en haut : 1 victoire, 0 défaite, ½ jigo, ! par forfait, ? pas encore de résultat.
standings-winners-section = Tableau des gagnants
standings-bracket = Tableau
standings-winner = Vainqueur :
standings-round = Ronde { $round }
standings-at-table = table { $table }
standings-through = Qualifié :
standings-won = Gagnant :
standings-losers-round = { $section } : ronde { $round }
standings-final-match = Finale
standings-final-again = Finale rejouée
standings-losers-section = Tableau des perdants
standings-group-winners = Vainqueurs des groupes
standings-section-winners = Vainqueurs des sections

## Échelles et parties libres

ladder-title = Échelle
ladder-self-paired = Parties libres
ladder-page-title = { $tournament } : échelle
ladder-page-title-self-paired = { $tournament } : parties libres
ladder-self-paired-rule = { $meetings ->
        [0] Appariez-vous entre les rondes : deux joueurs quelconques ; dites à la table de saisie qui a gagné. Classement aux victoires.
       *[other] Appariez-vous entre les rondes : deux joueurs quelconques, au plus { $meetings } fois la même paire ; dites à la table de saisie qui a gagné. Classement aux victoires.
    }
ladder-rule = { $reach ->
        [0] Un joueur défie qui il veut au-dessus de lui ; un challenger qui gagne prend l'échelon du défenseur.
       *[other] Un joueur défie qui il veut jusqu'à { $reach } échelons au-dessus ; un challenger qui gagne prend l'échelon du défenseur.
    }
ladder-stones = { $rungs ->
        [0] Parties à égalité.
        [1] Une pierre de handicap par échelon d'écart.
       *[other] Une pierre de handicap tous les { $rungs } échelons d'écart.
    }
ladder-beat = { $winner } a battu { $loser }
ladder-jigo = { $first } – { $second } : jigo
ladder-challenge = { $challenger } (échelon { $from }) a défié { $defender } (échelon { $to }) : { $outcome ->
        [challenger] le challenger a gagné
        [defender] le défenseur a gagné
       *[jigo] jigo
    }
ladder-handicap = { $stones ->
        [one] 1 pierre
       *[other] { $stones } pierres
    }

## Les inscrits

players-page-title = { $tournament } : joueurs
players-counts = { $registered } inscrits, { $checked_in } pointés.

## La page d'un joueur

player-bad-number = Un joueur se désigne par son numéro sur les feuilles.
player-no-such = Il n'y a pas de joueur { $number } dans ce tournoi.
player-rounds = rondes { $rounds }
player-none-published = Aucune ronde publiée pour l'instant.
player-bye = Exempt
player-through = Qualifié sans jouer
player-drawn-later = Apparié quand votre groupe aura fini
player-not-paired = Non apparié
player-next-nigiri = table { $table }, nigiri avec { $opponent }
player-next-seat = table { $table }, { $colour }
player-next-bye = exempt
player-next-in-parts = votre table s'affiche ici quand votre groupe est apparié
player-next-not-paired = non apparié
player-next-round = La ronde { $round } commence à { $when } ; votre table s'affiche ici dès la publication des appariements.
player-not-on-ladder = Pas encore sur l'échelle : numéroté à la prochaine clôture des inscriptions.
player-rung-of = Échelon { $rung } sur { $rungs }
player-rung = échelon { $rung }
player-games = { $n ->
        [one] 1 partie
       *[other] { $n } parties
    }
player-wins = { $n ->
        [one] 1 victoire
       *[other] { $n } victoires
    }
player-at-the-top = Au sommet : défendez l'échelon contre les challengers d'en dessous.
player-may-challenge = Peut défier :
player-even = à égalité
player-no-games = Pas encore de partie.
player-jigo-with = Jigo avec { $opponent }
player-won-against = Gagné contre { $opponent }
player-lost-to = Perdu contre { $opponent }
player-challenged-rung = a défié l'échelon { $rung }
player-challenged-from = défié depuis l'échelon { $rung }

## La fiche de correction (« Une erreur ? »)

slip-heading = Une erreur ?
slip-pending = La dernière correction envoyée pour ce joueur attend le directeur du tournoi.
slip-accepted = Le directeur du tournoi a fait la dernière correction envoyée pour ce joueur.
slip-rejected = Le directeur du tournoi n'a pas fait la dernière correction envoyée pour ce joueur : { $reason }
slip-sent = Merci : le directeur du tournoi va examiner votre correction.
slip-note = Ne remplissez que ce qui doit changer. Le directeur du tournoi vérifie chaque correction avant de la faire.
slip-family-name = Nom
slip-given-name = Prénom
slip-rank = Niveau (par ex. 3k, 2d)
slip-club = Club
slip-country = Pays (deux lettres)
slip-rounds = Rondes que vous jouez (par ex. 1-3,5)
slip-message = Autre chose
slip-send = Envoyer au directeur du tournoi
slip-too-long = Une correction tient en quelques lignes ; merci de raccourcir.
slip-unreadable = Le formulaire de correction est illisible.
slip-too-many = Plusieurs corrections sont déjà venues de cet appareil ; patientez quelques minutes ou voyez la table d'accueil.
slip-bad-rank = Écrivez le niveau avec un nombre et k, d ou p, par ex. 3k ou 2d.
slip-bad-rounds = Écrivez les rondes en nombres et intervalles, par ex. 1-3,5.
slip-not-recorded = La correction n'a pas pu être enregistrée ; réessayez dans un instant ou voyez la table d'accueil.

## Ce qu'un joueur fait avec son code personnel : son résultat, son pointage

own-throttled = Trop de codes erronés depuis cet appareil ou pour ce joueur : attendez { $minutes } minutes ou voyez la table d'accueil.
own-refused = Impossible de le prendre en compte : { $why }.
own-wrong-code = Ce n'est pas votre code personnel. Vérifiez-le sur votre carte de joueur et tapez-le à nouveau.
own-registration-closed = Les inscriptions sont closes : allez à la table des retardataires.
own-already-checked-in = Vous êtes déjà pointé.
own-check-in-at-desk = Pour ce tournoi, on se pointe à la table d'accueil.
own-results-at-desk = Pour ce tournoi, les joueurs ne saisissent pas leurs résultats : donnez le vôtre à la table de saisie.
own-round-closed = La ronde { $round } est close : seul le directeur du tournoi change encore ses résultats.
own-confirmed = La table { $table } a déjà son résultat : seul le directeur du tournoi peut le changer ; voyez l'arbitre.
own-report-heading = Donner votre résultat
own-report-sent = Merci : votre résultat est enregistré.
own-report-game = Ronde { $round }, table { $table } contre { $opponent }
own-i-won = J'ai gagné
own-i-lost = J'ai perdu
own-jigo = Jigo
own-who-had-black = Qui avait Noir ?
own-i-had-black = J'avais Noir
own-they-had-black = { $name } avait Noir
own-check-my-result = Vérifier mon résultat
own-code-label = Votre code personnel (sur votre carte de joueur)
own-state-confirmed = Le résultat est confirmé. Seul le directeur du tournoi peut encore le changer : voyez l'arbitre s'il est faux.
own-state-mismatch = Les déclarations ne concordent pas : une table de saisie ou l'arbitre va trancher. Déclarez à nouveau si la vôtre était fausse.
own-state-none = Personne n'a encore donné le résultat de cette partie. Votre déclaration compte dès que celle de votre adversaire ou d'une table de saisie concorde.
own-state-one = Une déclaration est arrivée : elle compte dès qu'une seconde concorde (celle de votre adversaire, la vôtre ou celle d'une table de saisie).
own-choose-first = Choisissez d'abord « J'ai gagné » ou « J'ai perdu ».
own-form-unreadable = Le formulaire est illisible : rouvrez votre page.
own-not-your-game = Cette partie n'est pas la vôtre : rouvrez votre page.
own-say-black-first = Dites d'abord qui avait Noir.
own-check-sentence = Ronde { $round }, table { $table } : vous, { $me }{ $colour ->
        [white] , avec Blanc
        [black] , avec Noir
       *[open] {""}
    }, { $says ->
        [won] avez gagné contre
        [lost] avez perdu contre
       *[jigo] avez fait jigo avec
    } { $opponent }.
own-is-that-right = Est-ce exact ?
own-yes-report = Oui, l'enregistrer
own-no-change = Non, corriger
own-no-tournament = Cette adresse ne désigne aucun tournoi.
own-type-again = Tapez à nouveau votre code.
own-check-in-closed = Pour ce tournoi, on se pointe à la table d'accueil.
own-check-in-heading = Pointage : { $tournament }
own-check-in-title = Pointage
own-next = Suivant
own-already-in = Vous êtes déjà pointé, { $name }.
own-see-the-desk = { $name } : merci de passer à la table d'accueil.
own-this-is-me = C'est moi : me pointer
own-not-me = Ce n'est pas moi
own-welcome = Bienvenue, { $name } : vous êtes pointé.
own-your-page = Votre page : votre table y apparaît dès la publication de la ronde
own-next-player = Joueur suivant

## Les fiches de résultat imprimées (dans la langue de la page du directeur au moment de l'impression)

slip-print-title = { $tournament } : fiches de résultat de la ronde { $round }
slip-print-heading = Fiche de résultat : { $tournament }
slip-print-place = Ronde { $round } · Table { $table }
slip-print-nigiri = Nigiri
slip-print-nigiri-tick = cochez le joueur qui avait Noir
slip-print-handicap = Handicap
slip-print-white-wins = Blanc gagne
slip-print-black-wins = Noir gagne
slip-print-even = partie à égalité, komi { $komi }
slip-print-one-stone = 1 pierre (Noir commence), sans komi

# The team competition on the standings page.
teams-heading = Équipes
col-team = Équipe
col-score = Score
teams-rule-wins = Une équipe marque la somme des victoires de ses { $n } meilleurs membres (les joueurs cités en premier) ; à égalité, la somme de leurs places départage.
teams-rule-mms = Une équipe marque la somme des scores McMahon de ses { $n } meilleurs membres (les joueurs cités en premier) ; à égalité, la somme de leurs places départage.

# A team tournament (issue 33)
col-won-drawn-lost = G–N–P
col-team-points = Points
col-board-wins = Gobans
teams-match-rule = Les équipes sont classées aux points d'équipe (match gagné 2, nul 1), puis aux victoires aux gobans, puis aux victoires sur les trois premiers gobans, les deux premiers et le goban 1, puis au classement moyen.
matches-heading = Matchs
col-tables = Tables
matches-white-note = L'équipe nommée en premier a Blanc aux gobans 1, 3, 5… ; l'autre aux gobans 2, 4…
team-bye = Exempte cette ronde
team-not-found = Il n'y a pas d'équipe { $team } dans ce tournoi.
team-number = Équipe { $number }
team-players = Joueurs, dans l'ordre des gobans
team-page-title = { $team } — { $tournament }
team-round = Ronde { $round }
col-board = Goban
col-colour = Couleur
team-won-by-default = gagné par forfait (personne en face)
team-lost-by-default = perdu par forfait (personne à ce goban)
pairings-team-without-game = Sans partie (équipe exempte, ou personne en face) :
