# Les pages des tables d'accueil, de saisie, de l'arbitre et du directeur.

desk-sign-out = Se déconnecter
desk-form-expired = Ce formulaire ne vient pas de la page de cette table. Rechargez la page et recommencez.

## Connexion

login-title = Connexion de la table
login-token = Jeton du terminal
login-name = Votre nom (pour le journal)
login-sign-in = Se connecter
login-note = Le directeur du tournoi remet un jeton à chaque table (tengen token create). Scanner son QR code le remplit.
login-unknown-token = Jeton inconnu ou révoqué : vérifiez-le auprès du directeur du tournoi.
login-moved-title = Table déplacée
login-moved-heading = Cette table est passée sur ce serveur
login-moved-why = L'autre serveur n'accepte plus de modifications.
login-moved-continue = Continuer
login-not-moved = Cette page vient de l'autre serveur et n'a pas pu être déplacée ici : connectez-vous avec le jeton de la table.

## Tables d'inscription et des retardataires

reg-title = Table d'inscription
late-title = Table des retardataires
reg-not-late-desk = Cette page est celle de la table des retardataires ; ce terminal est une table d'inscription : utilisez /desk/register.
reg-search-placeholder = Nom, numéro (7) ou identifiant (P12)
reg-search-label = Chercher un joueur
reg-find = Chercher
reg-add-new = Inscrire un nouveau joueur
reg-count = { $shown } affichés sur { $total } inscrits. Tapez pour réduire la liste ; appuyez sur Pointer quand le joueur est devant vous.
reg-none = Personne ne correspond à « { $q } ». { $link }.
reg-none-add = L'inscrire comme nouveau joueur
reg-closed-for = Les inscriptions sont closes pour { $names }.
reg-closed-walk-ins = Le pointage et les corrections restent possibles ici ; envoyez les nouveaux joueurs à la { $link }.
reg-late-desk = table des retardataires
reg-late-terms = { $name } : un joueur inscrit maintenant { $terms }.
reg-no-player-button = Ce bouton ne désigne aucun joueur : rechargez la page.
reg-no-such-player = Ce joueur n'existe plus : cherchez de nouveau.
reg-already-self = { $name } ({ $label }) s'est déjà pointé avec son code, { $ago }. Rien n'a changé.
reg-already-by = { $name } ({ $label }) a déjà été pointé à { $who }, { $ago }. Rien n'a changé.
reg-already = { $name } ({ $label }) a déjà été pointé. Rien n'a changé.
reg-checked-in = ✓ { $name } ({ $label }) est arrivé.
reg-keeps-changing = Ce joueur est sans cesse modifié à une autre table : recommencez.
reg-no-writes = Le serveur n'accepte pas de modifications ; { $why }. Rien n'a été modifié : recommencez dans un instant.
reg-checked-in-mark = ✓ arrivé
reg-self = (lui-même)
reg-expected = attendu
reg-withdrawn = retiré
reg-rounds = · rondes { $rounds }
reg-check-in-here = Pointer ici
reg-check-in = Pointer
reg-edit = Modifier
late-every-round-drawn = toutes les rondes sont appariées : trop tard pour jouer
late-plays-every-round = joue toutes les rondes
late-credit-half-one = ½ point au score McMahon pour les appariements et les départages (règle de Mays)
late-credit-half = ½ point par ronde au score McMahon pour les appariements et les départages (règle de Mays), +{ $points } en tout
late-credit-bga = 1 point pour deux rondes manquées au score McMahon (règle BGA), +{ $points } en tout
late-credit-none = aucun point au score McMahon
late-terms = joue { $nplays ->
        [one] la ronde
       *[other] les rondes
    } { $plays } ; manque { $nmissed ->
        [one] la ronde
       *[other] les rondes
    } { $missed } : { $credit }
desk-just-now = à l'instant
desk-min-ago = il y a { $m } min
desk-h-min-ago = il y a { $h } h { $m } min
reg-no-writes-kept = Le serveur n'accepte pas de modifications ; { $why }. Rien n'est perdu : appuyez de nouveau sur le bouton dans un instant.
reg-forbidden-late = { $why } — { $link } peut l'inscrire.
reg-the-late-desk = la table des retardataires
reg-save-changes = Enregistrer
reg-register = Inscrire
reg-already-registered = Déjà inscrit :
reg-same-person = Si c'est la même personne, ne l'inscrivez pas une deuxième fois : { $link }.
reg-find-in-list = retrouvez-la dans la liste
reg-different = J'ai demandé : c'est une autre personne que { $label } { $name }.
reg-different-note = Si c'est quelqu'un d'autre : demandez-lui, cochez la case, puis appuyez de nouveau sur { $button }.
reg-undo = Annuler cette inscription
reg-undo-note = Une erreur ? Pendant une minute, cette table peut retirer { $name } de la liste des inscrits.
reg-undone = Inscription de { $name } annulée : ce joueur n'est plus inscrit.
reg-filled = Rempli d'après la liste de classement : { $player }{ $rating }, identifiant { $id }. Vérifiez avec le joueur, puis Inscrire.
reg-filled-gor = , GoR { $rating }
reg-ratings-label = Chercher dans les listes de classement
reg-ratings-placeholder = Nom en lettres latines ou numéro
reg-col-list = Liste
reg-col-id = Identifiant
reg-col-name = Nom
reg-col-rank = Niveau
reg-col-gor = GoR
reg-col-club = Club
reg-col-country = Pays
reg-use = Choisir
reg-no-candidates = Personne dans les listes de classement ne correspond à « { $q } ».
reg-no-candidates-latin = Les listes sont en lettres latines : cherchez le nom tel que le joueur l'y écrit (Yamada), ou son numéro.
reg-add-title = Inscrire un nouveau joueur
reg-back-to-search = ← Retour à la recherche
reg-closed = Les inscriptions sont closes.
reg-closed-new-players = Les nouveaux joueurs s'inscrivent à la { $link }.
reg-add-page-title = { $desk } : nouveau joueur
reg-registered-as = ✓ { $name } inscrit sous { $id }.
reg-registered-as-in = ✓ { $name } inscrit sous { $id } et pointé.
reg-registered = ✓ { $name } inscrit.
reg-registered-in = ✓ { $name } inscrit et pointé.
reg-field-family = Nom
reg-field-given = Prénom
reg-field-latin-family = Nom en lettres latines
reg-field-latin-given = Prénom en lettres latines
reg-field-rank = Niveau
reg-field-club = Club
reg-field-city = Ville
reg-field-country = Pays
reg-field-team = Équipe
reg-team-hint = (compétition ou tournoi par équipes ; vide sinon)
reg-field-board = Goban dans l'équipe
reg-board-hint = (tournoi par équipes : 1 joue en premier ; vide : le plus fort d'abord ; fixé dès le tirage de la ronde 1)
reg-board-not-number = « { $board } » n'est pas un goban : tapez 1, 2, 3… ou laissez vide.
reg-field-email = E-mail
reg-field-phone = Téléphone
reg-field-born = Année de naissance
reg-field-member = Licencié de la fédération
reg-field-concession = Tarif réduit
reg-concession-none = Aucun (plein tarif)
reg-field-fee = Droit convenu
reg-fee-hint = (vide : celui du barème)
reg-field-fee-reason = Motif d'un autre droit
reg-fee-not-amount = « { $fee } » n'est pas un montant : { $why }
reg-born = né(e) en { $year }
reg-choose-rank = choisissez le niveau du joueur
reg-bad-rank = rang inconnu { $rank } : utilisez 30k…1k, 1d…9d ou 1p…9p
reg-rating-not-number = le classement « { $rating } » n'est pas un nombre
reg-entry-closed = les inscriptions au tournoi { $tournament } sont closes ici : envoyez le joueur à la table des retardataires
reg-tick-rounds = cochez les rondes que le joueur jouera dans { $name }
reg-choose = choisir…
reg-pro = (pro)
reg-country-hint = (deux lettres, p. ex. FR)
reg-latin-legend = Nom en lettres latines (pour les fichiers EGF/FFG/AGA)
reg-latin-hint = Seulement si le nom ci-dessus n'est pas en lettres latines, p. ex. { $example }. Le cyrillique et le grec sont transcrits automatiquement.
reg-enter = Inscrire à { $name }
reg-rounds-label = Rondes :
reg-drawn = (appariée)
reg-entered-now = Un joueur inscrit maintenant { $terms }.
reg-check-in-now = Pointer maintenant (le joueur est là)
reg-no-player = Il n'y a pas de joueur { $id }.
reg-edit-heading = Modifier { $label } { $name }
reg-back-unsaved = ← Retour sans enregistrer
reg-entries = Inscriptions :
reg-edit-title = Modifier { $name }
reg-gone = ce joueur n'est plus inscrit
reg-gone-page = Ce joueur n'est plus inscrit.
reg-saved = ✓ { $name } enregistré.
reg-changed-elsewhere = Modifié entre-temps à une autre table.
reg-changed-at = Modifié entre-temps à { $who } ({ $ago }).
reg-stale-explain = Rien de votre saisie n'est encore enregistré. Ci-dessous : votre version et la version actuelle ; le formulaire en dessous contient la fiche actuelle avec vos modifications appliquées par-dessus — vérifiez-le et enregistrez de nouveau.
reg-col-field = Champ
reg-col-yours = Votre saisie
reg-col-current = Actuel

## Table de saisie des résultats

desk-result = { $outcome ->
        [white] victoire Blanc
        [black] victoire Noir
        [jigo] jigo
        [both-lose] deux perdants
        [both-win] deux gagnants
       *[unknown] inconnu
    }
desk-result-forfeit = { $outcome ->
        [white] victoire Blanc
        [black] victoire Noir
        [jigo] jigo
        [both-lose] deux perdants
        [both-win] deux gagnants
       *[unknown] inconnu
    } par forfait
desk-white = Blanc
desk-black = Noir
results-entry = table { $table } : { $result }
results-not-a-player = « { $id } » n'est pas un joueur : choisissez qui avait Noir
results-type-table = tapez d'abord le numéro de table
results-no-table = il n'y a pas de table { $table }
results-not-a-key = { $key } n'est pas une touche de résultat : utilisez b, w, j ou x (et f pour un forfait)
results-two-results = table { $table } : deux résultats différents tapés ; choisissez-en un
results-press-key = table { $table } : appuyez sur b, w, j ou x pour le résultat
ladder-type-challenger = tapez le numéro du challenger, comme sur l'échelle (p. ex. 12)
ladder-type-defender = tapez le numéro du défenseur, comme sur l'échelle (p. ex. 12)
ladder-choose-winner = choisissez qui a gagné (ou jigo)
ladder-first-number = Numéro du premier joueur
ladder-second-number = Numéro du second joueur
ladder-first-won = Le premier joueur a gagné
ladder-second-won = Le second joueur a gagné
desk-ladder-jigo = Jigo
ladder-challenger-number = Numéro du challenger
ladder-defender-number = Numéro du défenseur (au-dessus)
ladder-challenger-won = Le challenger a gagné (il prend l'échelon)
ladder-defender-won = Le défenseur a gagné
ladder-self-paired-title = { $name } : parties libres
desk-ladder-title = { $name } : résultats de l'échelle
ladder-who-won = Qui a gagné
ladder-record = Enregistrer la partie
ladder-places = Places
ladder-the-ladder = L'échelle
ladder-place = Place
ladder-rung = Échelon
ladder-player = Joueur
ladder-games = Parties
ladder-wins = Victoires
ladder-recorded = Enregistré : n° { $first } contre n° { $second }, { $winner ->
        [challenger] le challenger a gagné.
        [defender] le défenseur a gagné.
        [first] le premier a gagné.
        [second] le second a gagné.
       *[jigo] jigo.
    }
results-round-number = Une ronde est un nombre, comme dans ?round=2.
results-no-round-open = aucune ronde n'est ouverte à la saisie
results-choose-black = Non saisi : { $problem }. Choisissez le joueur, puis Entrée.
results-black-was = , Noir { $label }
results-not-entered-nothing = Non saisi : { $problem }. Vous n'avez rien tapé ; vérifiez la feuille et tapez de nouveau.
results-not-entered = Non saisi : { $problem }. Vous avez tapé « { $typed } » ; vérifiez la feuille et tapez de nouveau.
results-no-writes = le serveur n'accepte pas de modifications ; gardez la feuille et recommencez dans un instant ({ $why })
results-internal = le serveur n'a pas pu l'enregistrer : { $why }
results-now-confirmed = (confirmé)
results-now-pending = (en attente de la seconde saisie)
results-now-mismatch = (ne correspond pas à l'autre saisie : voir le tableau ci-dessous)
results-now-disputed = (contesté : l'arbitre tranche)
results-not-published = La ronde { $round } n'a pas été publiée.
results-title = { $name } : résultats
results-heading = Résultats
results-none-published = Aucune ronde n'est encore publiée. Cette page affiche les tables de la ronde dès que le directeur du tournoi la publie.
results-round-heading = { $name } : résultats, ronde { $round }
results-entered = Saisi : { $entry }
results-round-closed = La ronde { $round } est close : seul le directeur du tournoi peut encore modifier un résultat.
results-progress = { $confirmed } confirmés · { $pending } en attente · { $missing } manquants ·
results-match-head = Match : { $a } – { $b }
results-match-head-so-far = Match : { $a } – { $b } · { $score } pour l'instant
results-match-head-score = Match : { $a } – { $b } · { $score }
results-mismatched = { $n } discordants
results-disputed = { $n } contestés
results-of-tables = — sur { $n } tables
results-by-players = { $n } réglés par les deux joueurs : rien à saisir pour ceux-là.
results-disagree = Les saisies divergent à { $tables } : vérifiez les feuilles ; le directeur du tournoi tranche.
results-table-n = la table { $table }
results-current-round = ronde en cours
results-key-b = Noir gagne
results-key-w = Blanc gagne
results-key-j = Jigo
results-key-x = Deux perdants
results-table = Table
results-result = Résultat
results-by-forfeit = par forfait
results-who-black = Qui avait Noir ?
results-nigiri = La table { $table } était en nigiri : choisissez le joueur qui avait Noir.
results-enter = Saisir ⏎
results-keys-help = Tapez le numéro de table, appuyez sur { $b }, { $w }, { $j } ou { $x } ({ $f } pour un forfait), puis Entrée. Sans les touches : tapez { $example } et Entrée.
results-state = État
results-entries = Saisies
results-nigiri-unrecorded = nigiri : Noir non noté
results-bye = Exempt : { $player }
results-settled-by-players = réglé par les deux joueurs : { $result }
results-confirmed = confirmé : { $result }
results-player-reported = signalé par un joueur : en attente d'une seconde saisie
results-waiting = en attente de la seconde saisie
results-mismatch = discordance
results-disputed-referee = contesté (arbitre)
results-missing = manquant
results-player = (joueur)

## Arbitre

referee-table-number = Une table est un nombre, comme dans ?table=12.
referee-title = { $name } : arbitre
referee-heading = Arbitre
referee-none-published = Aucune ronde n'est encore publiée. Les tables apparaissent ici dès que le directeur du tournoi publie une ronde.
referee-round-heading = { $name } : arbitre, ronde { $round }
referee-round-closed = La ronde { $round } est close : son horloge est arrêtée.
referee-no-such-table = Pas de table de ce numéro dans la ronde { $round }.
referee-needs = À voir par l'arbitre ({ $n })
referee-others = Toutes les autres tables

## Tableau de bord du directeur du tournoi

desk-back-dashboard = ← Tableau de bord
desk-progress = { $state ->
        [missing] manquant
        [pending] en attente
        [mismatch] discordant
        [disputed] contesté
       *[confirmed] confirmé
    }
dir-title = { $name } : directeur du tournoi
dir-settings-line = { $settings } — système, rondes, komi, temps, barre, handicap, appariements, départages, prix, libre-service des joueurs · { $cards } — le code personnel de chaque joueur
dir-settings = Paramètres
dir-cards = Cartes des joueurs
dir-alarm = Alarme : { $alarm }
dir-registration = Inscriptions
dir-counts = { $expected ->
        [one] { $expected } attendu
       *[other] { $expected } attendus
    } · { $checked } · { $withdrawn ->
        [one] { $withdrawn } retiré
       *[other] { $withdrawn } retirés
    }
dir-checked-in = { $n ->
        [one] { $n } pointé
       *[other] { $n } pointés
    }
dir-checked-in-at = Pointés à
dir-players = joueurs
dir-earlier = auparavant
dir-bga-bar = Recommandation BGA : barre à { $rank } ({ $top } joueurs dans le groupe de tête). { $link }
dir-bga-set = La régler dans les paramètres
dir-not-arrived = { $n ->
        [one] { $n } préinscrit, pas encore pointé
       *[other] { $n } préinscrits, pas encore pointés
    }
dir-never-arrived = { $n ->
        [one] { $n } préinscrit jamais pointé : absent des appariements (la table des retardataires peut encore le pointer)
       *[other] { $n } préinscrits jamais pointés : absents des appariements (la table des retardataires peut encore les pointer)
    }
dir-import = Importer des joueurs depuis un fichier
dir-rating-lists = Listes de classement
dir-close-registration = Clore les inscriptions et numéroter les joueurs
dir-registration-closed = Les inscriptions sont closes : seule la table des retardataires inscrit désormais.
dir-reopen = Rouvrir les inscriptions
dir-reopen-note = Avant la ronde 1 seulement : les tables d'inscription inscrivent et pointent de nouveau ; les clore à nouveau renumérote les joueurs.
dir-done-reopen = Les inscriptions sont rouvertes : closez-les avant le tirage de la ronde 1.
dir-games = Parties
dir-unrounded-close = Closez les inscriptions pour numéroter les joueurs ; les nouveaux venus sont numérotés à chaque nouvelle clôture.
dir-unrounded = Ce tournoi n'a pas de rondes à tirer : saisissez chaque partie dès qu'elle est jouée sur la { $link }.
dir-results-page = page des résultats
dir-round = Ronde { $round }
dir-round-state = Ronde { $round } — { $state ->
        [drawn] tirée
        [published] publiée
       *[closed] close
    }
dir-draw-round = Faire le tirage de la ronde { $round }
dir-close-before-draw = Closez les inscriptions avant le tirage de la ronde 1.
dir-still-published = Ronde { $round } — encore publiée
dir-finished = Les { $total } rondes sont closes : le classement est définitif.
dir-unseated = Pas encore dans cette ronde :
dir-unseated-decide = Décidez pour chacun avant de publier ou de clore : l'apparier avec un autre joueur non apparié, le déclarer exempt ou le marquer absent (formulaire ci-dessous, par numéro).
dir-edit-change = Modifier
dir-edit-swap = échanger deux joueurs
dir-edit-pair = apparier deux joueurs non appariés
dir-edit-unpair = désapparier (premier joueur)
dir-edit-colours = inverser les couleurs (partie du premier joueur)
dir-edit-bye = déclarer exempt (premier joueur)
dir-edit-absent = marquer absent (premier joueur)
dir-player-no = Joueur n°
dir-apply = Appliquer
dir-warnings = Avertissements
dir-bye = Exempt : { $player }
dir-through = Qualifiés sans jouer
dir-bye-label = Exempt
dir-change-by-hand = Modifier à la main
dir-publish-round = Publier la ronde { $round }
dir-draw-again = Refaire le tirage
dir-col-hcp = Hand.
dir-same-club = même club
dir-progress = { $confirmed ->
        [one] { $confirmed } confirmé
       *[other] { $confirmed } confirmés
    } · { $pending } en attente · { $missing ->
        [one] { $missing } manquant
       *[other] { $missing } manquants
    } · { $mismatched } · { $disputed ->
        [one] { $disputed } contesté
       *[other] { $disputed } contestés
    }
dir-mismatched = { $n ->
        [one] { $n } discordant
       *[other] { $n } discordants
    }
dir-col-game = Partie
dir-col-reports = Saisies
dir-settle = Trancher
dir-result-at = Résultat à la table { $table }
dir-choose-result = choisir le résultat…
dir-white-forfeit = Blanc par forfait
dir-black-forfeit = Noir par forfait
dir-close-round = Clore la ronde { $round }
dir-black-button = Noir : #{ $number } { $name }
dir-sheets = Feuilles à imprimer
dir-sheet = { $kind ->
        [pairings] appariements
        [pairings-by-name] appariements par nom
        [slips] feuilles de résultat
        [wallchart] tableau mural
        [grid] grille
        [bracket] tableau
        [standings] classement
        [prizes] liste des prix
        [teams] classement par équipes
        [register] liste des inscrits
       *[other] { $kind }
    }
dir-files = Fichiers pour d'autres logiciels
dir-file-egf = Classement EGF (.h9)
dir-file-opengotha = OpenGotha (.xml)
dir-file-tou = FFG (.tou)
dir-file-aga = Résultats AGA
dir-file-csv-register = Liste des inscrits (CSV)
dir-file-csv-standings = Classement (CSV)
dir-busy = le serveur est occupé
dir-busy-retry = Le serveur est occupé ; recommencez.
dir-ask-close-registration = Clore les inscriptions de { $name } ? Les { $here } joueurs pointés{ $expected ->
        [0] {""}
        [one] {" "}et le joueur attendu mais pas encore pointé (numéroté lui aussi, pour qu'un retardataire garde son numéro ; apparié seulement une fois pointé à une table)
       *[other] {" "}et les { $expected } joueurs attendus mais pas encore pointés (numérotés eux aussi, pour qu'un retardataire garde son numéro ; appariés seulement une fois pointés à une table)
    } sont numérotés par niveau ; ensuite, seule la table des retardataires inscrit les nouveaux venus.
dir-ask-reopen-registration = Rouvrir les inscriptions de { $name } ? Les tables d'inscription pourront de nouveau inscrire et pointer des joueurs ; closez-les avant le tirage de la ronde 1 (les joueurs sont alors renumérotés).
dir-ask-redraw = Refaire le tirage de la ronde { $round } ? Ces appariements, et toutes les modifications faites à la main, sont remplacés par un nouveau tirage.
dir-ask-redraw-part = Refaire le tirage de la partie en attente de la ronde { $round } ? Ses appariements, et toutes les modifications faites à la main, sont remplacés par un nouveau tirage des mêmes groupes ; les parties déjà publiées restent.
dir-ask-publish-part = Publier cette partie de la ronde { $round } ? Ses appariements apparaissent aussitôt sur le tableau d'affichage et les téléphones des joueurs ; une partie publiée ne peut plus être retirée. Les joueurs encore sans partie seront appariés dans une partie suivante.
dir-ask-publish = Publier la ronde { $round } ? Les appariements apparaissent aussitôt sur le tableau d'affichage et les téléphones des joueurs ; une ronde publiée ne peut plus être retirée.
dir-ask-close = Clore la ronde { $round } ? Ses résultats deviennent définitifs pour le classement et le prochain tirage ; seul le directeur du tournoi pourra encore en modifier un.
dir-yes-close-registration = Oui, clore les inscriptions
dir-yes-reopen-registration = Oui, rouvrir les inscriptions
dir-yes-draw-again = Oui, refaire le tirage
dir-yes-publish = Oui, publier
dir-yes-close = Oui, clore la ronde
dir-yes = Oui
dir-no-go-back = Non, revenir
dir-in-parts = Ronde { $round } en plusieurs parties
dir-in-parts-note = Les dernières tables finissent en premier (Mays) : tirez leurs groupes de score maintenant, pendant que les premières tables jouent. Chaque partie est publiée comme sa propre liste d'appariements ; le reste est tiré quand ses groupes ont fini. Personne n'est apparié deux fois.
dir-draw-bottom = Tirer par le bas les groupes terminés de la ronde { $round }
dir-draw-rest = Tirer le reste de la ronde { $round }
dir-col-mms = MMS
dir-col-players = Joueurs
dir-col-now = Maintenant
dir-group-bottom = terminé : tiré avec le bas
dir-group-alone = terminé : peut être tiré seul
dir-group-playing = encore en jeu
dir-group-to-draw = Le groupe à tirer
dir-one-group = un groupe terminé…
dir-group-option = MMS { $mms } ({ $n } joueurs)
dir-draw-group = Tirer ce groupe
dir-part = Partie { $part } : { $n } tables ({ $tables })
dir-part-published = publiée
dir-part-not-published = pas encore publiée
dir-still-to-draw = { $n ->
        [one] { $n } joueur encore à apparier.
       *[other] { $n } joueurs encore à apparier.
    }
dir-publish-part = Publier la partie { $part } de la ronde { $round }
dir-redraw-part = Refaire le tirage de cette partie
dir-no-part-waiting = Aucune partie de la ronde { $round } n'attend d'être publiée.
dir-choose-group = Choisissez d'abord le groupe à tirer ; rien n'a été tiré.
dir-which-part = Quelle partie de la ronde ?
dir-done-part = Une partie de la ronde { $round } est tirée : vérifiez-la, puis publiez-la.
dir-no-player = il n'y a pas de joueur « { $text } » dans ce tournoi
dir-done-close-registration = Inscriptions closes ; les joueurs sont numérotés par niveau.
dir-done-move-start = Début de la ronde { $round } déplacé ; le tableau d'affichage et les pages des joueurs l'indiquent désormais.
dir-done-draw = Tirage de la ronde { $round } fait : vérifiez-le, puis publiez.
dir-done-publish = Ronde { $round } publiée.
dir-done-close = Ronde { $round } close.
dir-done-edit = Modification appliquée.
dir-unknown-action = action inconnue « { $action } »
dir-unknown-change = modification inconnue « { $kind } »
dir-which-table = quelle table ?
dir-choose-result-first = Table { $table } : choisissez d'abord le résultat ; rien n'a été enregistré.
dir-done-settled = Table { $table } : { $result } ; la contestation est tranchée.
dir-done-result = Table { $table } : { $result }.
dir-done-colours = Table { $table } : #{ $number } { $name } avait Noir.
dir-which-slip = quelle fiche ?
dir-done-slip = { $slip } { $accept ->
        [yes] acceptée
       *[no] refusée
    }.
explain-heading = Expliquer deux joueurs
explain-title = { $name } : explication
explain-no-player = Il n'y a pas de joueur #{ $number } dans { $name } : tapez les numéros des feuilles.
explain-and-no = et n°
explain-button = Expliquer
explain-note = Pourquoi le dernier tirage les a appariés ou non, et pourquoi l'un est classé devant l'autre.
explain-draw-of = Tirage de la ronde { $round }
explain-paired-at = Appariés l'un contre l'autre à la table { $table }.
explain-not-paired = Pas appariés l'un contre l'autre.
explain-weighed = Ce que le tirage a pesé
explain-the-draw = Le tirage
explain-standings-before = Classement avant la ronde 1
explain-standings-after = Classement après la ronde { $round }
explain-standings = Classement

## Fiches de table de l'arbitre

referee-state = { $state ->
        [playing] en cours
        [late] début en retard
        [result] résultat saisi
        [noshow] forfait
       *[disputed] contesté
    }
referee-count = { $n } { $state ->
        [playing] en cours
        [late] { $n ->
            [one] en retard
           *[other] en retard
        }
        [result] { $n ->
            [one] résultat saisi
           *[other] résultats saisis
        }
        [noshow] { $n ->
            [one] forfait
           *[other] forfaits
        }
       *[disputed] { $n ->
            [one] contesté
           *[other] contestés
        }
    }
referee-clock = { $minutes } min depuis le début · forfait après { $forfeit } min : { $due }
referee-clock-announced = { $minutes } min depuis le début annoncé ({ $when }) · forfait après { $forfeit } min : { $due }
referee-clock-at-least = Au moins { $minutes } min depuis le début · forfait après { $forfeit } min : { $due }
referee-clock-reached = atteint
referee-clock-in = dans { $n } min
referee-clock-before = Début à { $when }, dans { $until } min · forfait { $forfeit } min après le début.
referee-clock-first-report = Compté depuis le premier résultat de la ronde (l'heure de publication de cette ronde n'est pas enregistrée).
referee-clock-none = Forfait { $forfeit } min après le début.
referee-clock-starts-with = L'horloge part du premier résultat de la ronde (l'heure de publication de cette ronde n'est pas enregistrée).
referee-table-number-label = Numéro de table
referee-show = Afficher
referee-all-tables = Toutes les tables
referee-table = Table { $table }
referee-forfeit-passed = délai de forfait dépassé
referee-seat = { $seat ->
        [White] Blanc
        [Black] Noir
       *[nigiri] nigiri
    }
referee-black = Noir : { $player }
referee-ask-both-absent = Table { $table } : les deux joueurs sont absents ? Tous deux perdent par forfait.
referee-both-absent = Deux absents
referee-late-minutes = Début en retard, minutes
referee-late = #{ $number } en retard
referee-how-settled = Comment cela a été tranché
referee-what-disputed = Ce qui est contesté
referee-dispute = Contestation
referee-ask-absent = Table { $table } : #{ $number } absent ? L'adversaire gagne par forfait.
referee-absent = #{ $number } absent
referee-returns = { $who } revient
referee-leaves = { $who } abandonne
referee-ask-returns = { $who } revient dans le tournoi ?
referee-ask-leaves = { $who } quitte le tournoi (retiré des rondes suivantes) ?
referee-withdrawn = Retirés
referee-unknown-action = action inconnue « { $action } »
referee-which = { $what ->
        [round] quelle ronde
       *[table] quelle table
    } ? (un numéro)
referee-tap-player = appuyez sur le bouton du joueur
referee-how-late = combien de minutes de retard ? (un nombre)
referee-say-disputed = dites en quelques mots ce qui est contesté
referee-no-player = il n'y a pas de joueur { $player } dans ce tournoi
referee-not-at-table = { $who } ne joue pas à la table { $table }
referee-done-absent-wins = table { $table } : { $absent } absent, { $winner } gagne par forfait
referee-done-absent = table { $table } : { $absent } absent
referee-done-both-absent = table { $table } : les deux joueurs absents, tous deux perdent par forfait
referee-done-late = table { $table } : { $who } a commencé avec { $minutes } min de retard
referee-done-dispute = table { $table } : { $disputed ->
        [yes] contestée
       *[no] tranchée
    }
referee-done-colours = table { $table } : { $who } avait Noir
referee-done-leaves = { $who } quitte le tournoi (retiré)
referee-done-returns = { $who } revient dans le tournoi

## Paramètres du tournoi

settings-name = Nom
settings-name-note = Tel qu'il apparaît sur le tableau d'affichage et sur chaque feuille, par ex. « Tournoi principal ».
settings-system = Système d'appariement
settings-system-note = Comment les joueurs sont appariés ; fixé dès le tirage de la ronde 1. Par défaut : McMahon.
settings-rounds = Rondes
settings-rounds-note = Nombre de rondes, de 1 à 20 ; les joueurs inscrits à toutes les rondes suivent le changement.
settings-start-date = Premier jour
settings-start-date-note = Vide : le premier jour de l'événement.
settings-end-date = Dernier jour
settings-end-date-note = Pas avant le premier jour ; vide : le dernier jour de l'événement.
settings-komi = Komi
settings-first-table = Première table
settings-first-table-note = Numéro de la première table, quand un autre tournoi utilise les premières. Par défaut : 1.
settings-self-check-in = Les joueurs se pointent eux-mêmes
settings-self-check-in-note = Avec le code personnel de leur carte de joueur, sur leur téléphone ou la tablette d'entrée (/t/…/checkin), tant que les inscriptions sont ouvertes. Par défaut : non.
settings-time-system = Système de temps
settings-time-system-note = Ce qui suit le temps principal. Par défaut : byo-yomi canadien.
settings-basic-minutes = Temps principal, minutes
settings-basic-minutes-note = Le temps principal de chaque joueur. Par défaut : 60.
settings-period-seconds = Période de byo-yomi, secondes
settings-period-seconds-note = Canadien ou Milton Keynes : la période entière (300 = 5 min) ; byo-yomi : une période. Par défaut : 300.
settings-stones = Pierres par période
settings-stones-note = Canadien ou Milton Keynes : coups à jouer dans chaque période. Par défaut : 20.
settings-periods = Périodes de byo-yomi
settings-periods-note = Byo-yomi seulement : nombre de périodes. Par défaut : 0.
settings-increment-seconds = Incrément Fischer, secondes
settings-increment-seconds-note = Fischer seulement : secondes ajoutées à chaque coup. Par défaut : 0.
settings-bar = Barre
settings-bar-note = Les joueurs de ce niveau ou au-dessus partent ensemble à son score, par ex. 3d ; vide : pas de barre. Par défaut : aucune.
settings-floor = Plancher
settings-floor-note = Les joueurs de ce niveau ou en dessous partent ensemble à son score, par ex. 20k ; vide : pas de plancher. Par défaut : aucun.
settings-supergroup = Supergroupe
settings-supergroup-note = Les joueurs de ce niveau ou au-dessus (au-dessus de la barre) partent un point plus haut ; vide : aucun. Par défaut : aucun.
settings-sections = Sections (Mays)
settings-sections-note = Le niveau le plus faible de chaque section, la plus forte d'abord ; remplace la barre et le plancher. Vide : aucune (par défaut).
settings-section-step = Points entre les sections
settings-section-step-note = Avec des sections : 1 pour 3 rondes, 2 pour 6, 3 pour 9. Par défaut : 0 (pas de sections).
settings-handicap-basis = Handicap selon
settings-handicap-basis-note = Les pierres suivent l'écart de score des joueurs ou leur écart de niveau. Par défaut : score McMahon.
settings-no-handicap-above = Pas de handicap au-dessus de
settings-handicap-correction = Correction, pierres
settings-handicap-correction-note = Retranchée de l'écart, de -3 à 3 (1 : un niveau d'écart joue à égalité). Par défaut : 1.
settings-handicap-ceiling = Au plus, pierres
settings-handicap-ceiling-note = Le plus grand handicap, de 0 à 9 ; 0 : parties à égalité seulement. Par défaut : 9.
settings-even-at-bar = Parties à égalité à la barre
settings-even-at-bar-note = McMahon : pas de handicap quand l'un des joueurs part à la barre (BGA, Mays). Par défaut : non.
settings-nigiri = Nigiri
settings-nigiri-note = Parties à égalité : les joueurs tirent les couleurs au nigiri ; en partie à handicap, le plus faible garde Noir. Lu au tirage de chaque ronde. Par défaut : non.
settings-profile = Profil d'appariement
settings-profile-note = Le règlement que suivent les appariements ; les choix ci-dessous en dépendent par défaut. Par défaut : EGF.
settings-bye-rule = Exempt
settings-bye-rule-note = Qui est exempt quand le nombre de joueurs est impair. Par défaut : EGF.
settings-avoid-same-club = Séparer les clubs
settings-avoid-same-club-note = Éviter d'apparier des joueurs du même club.
settings-avoid-same-city = Séparer les villes
settings-avoid-same-city-note = Éviter d'apparier des joueurs de la même ville.
settings-avoid-same-country = Séparer les pays
settings-avoid-same-country-note = Éviter d'apparier des joueurs du même pays.
settings-seeding = Placement dans un groupe de score
settings-seeding-note = Qui rencontre qui dans un groupe. Par défaut : selon le profil (EGF : au hasard jusqu'à la ronde 2, puis pliage ; Mays : glissement).
settings-draw-down = Apparié vers le bas
settings-draw-down-note = Qui, dans un groupe, rencontre un groupe inférieur. Par défaut : selon le profil (EGF : le milieu ; Mays : le plus faible).
settings-draw-up = Apparié vers le haut
settings-draw-up-note = Qui, dans un groupe, rencontre un groupe supérieur. Par défaut : selon le profil (EGF : le milieu ; Mays : le plus fort).
settings-never-pair = Ne jamais apparier
settings-never-pair-note = Numéros de joueurs qui ne doivent jamais se rencontrer (famille, couple), par ex. 3-8, 5-12. Par défaut : aucun.
settings-group-size = Taille des groupes
settings-group-size-note = Groupes d'environ ce nombre, formés à la ronde 1 par numéro et appariés séparément (zones) ; 0 : un seul groupe (par défaut).
settings-tiebreaks = Départages, dans l'ordre
settings-prizes = Prix
settings-prizes-note = Montants pour les places 1, 2, 3…, par ex. 100, 50, 25 ; les ex aequo partagent. Par défaut : aucun.
settings-categories = Catégories
settings-categories-note = Le niveau le plus faible de chaque catégorie ayant ses propres gagnants, la plus forte d'abord (pas avec des sections). Par défaut : aucune.
settings-section-prizes = Prix dans chaque catégorie
settings-section-prizes-note = Montants pour les places 1, 2… dans chaque section ou catégorie. Par défaut : aucun.
settings-bye-points = Une exemption vaut
settings-missed-rounds = Une ronde manquée rapporte
settings-missed-rounds-note = Le score d'un joueur pour une ronde qu'il ne joue pas. Par défaut : ½ point (Mays).
settings-double-entry = Deux tables confirment chaque résultat
settings-double-entry-note = Un résultat compte dès que deux terminaux ont saisi le même (activé par défaut pour le premier tournoi de l'événement).
settings-player-results = Les joueurs saisissent leurs propres résultats
settings-player-results-note = Sur leur page avec leur code personnel ; compte dès que l'adversaire ou une table de saisie confirme. Par défaut : non.
settings-forfeit-minutes = Forfait après, minutes
settings-forfeit-minutes-note = Un joueur absent perd par forfait ce délai après le début (l'horloge de l'arbitre). Par défaut : 30.
settings-reach = Portée, échelons
settings-rungs-per-stone = Échelons par pierre de handicap
settings-rungs-per-stone-note = 0 : parties à égalité (par défaut).
settings-max-meetings = Rencontres par paire, au plus
desk-system = { $system ->
        [mcmahon] McMahon
        [swiss] Suisse
        [round-robin] Toutes rondes
        [knockout] Élimination directe
        [double-elimination] Double élimination
        [generalised-knockout] Élimination généralisée
        [ladder] Échelle de club
       *[self-paired] Parties libres
    }
desk-no-tournament = Il n'y a pas de tournoi { $t }.
fields-saved-meanwhile = Enregistré entre-temps :
fields-empty = (vide)
fields-fixed = Ne peut plus changer : { $reason }.
settings-on = oui
settings-off = non
settings-switch-profile = selon le profil ({ $on ->
        [on] oui
       *[off] non
    })
settings-switch-note = { $what } Par défaut : { $default }.
settings-part-basics = L'essentiel
settings-part-time = Temps de réflexion
settings-part-mcmahon = McMahon
settings-part-handicap = Handicap
settings-part-draw = Appariements
settings-part-groups = Groupes
settings-part-scoring = Classement et résultats
settings-part-prizes = Prix
settings-wins-prizes = Prix aux victoires
settings-wins-prizes-note = Pour chaque joueur ayant au moins ce nombre de victoires, par ex. 4: 20, 5: 40 (4 victoires ou plus : 20 ; 5 ou plus : 40) ; 3½ compte un jigo. Par défaut : aucun.
settings-junior-prizes = Prix juniors
settings-junior-prizes-note = Montants pour les meilleurs juniors, 1, 2… ; demande l’année ci-dessous et l’année de naissance de chaque junior. Par défaut : aucun.
settings-junior-born-from = Les juniors sont nés en ou après
settings-junior-born-from-note = Une année, par ex. 2009. Un joueur dont l’année de naissance n’est pas enregistrée n’est pas junior.
settings-below-rank-prizes = Prix sous un niveau
settings-below-rank-prizes-note = Montants pour les meilleurs joueurs du niveau ci-dessous ou plus faibles, 1, 2…. Par défaut : aucun.
settings-below-rank = Pour les joueurs de niveau
settings-below-rank-note = Ce niveau et plus faible, par ex. 10k.
settings-improvement-prizes = Prix de progression
settings-improvement-prizes-note = Montants pour les joueurs qui ont gagné le plus de places entre leur numéro et leur place finale, 1, 2…. Par défaut : aucun.
settings-prizes-stack = Un joueur peut recevoir plusieurs prix
settings-prizes-stack-note = Non coché (par défaut) : chaque joueur ne reçoit que son meilleur prix, et un prix qu’il ne peut prendre passe au suivant.
settings-part-teams = Équipes
settings-team-boards = Gobans par équipe (tournoi par équipes)
settings-team-boards-note = Un tournoi par équipes : des équipes de ce nombre de gobans (2 à 10) se rencontrent en matchs, appariées comme équipes ; le goban 1 joue le goban 1, les couleurs alternent d'un goban à l'autre. 0 (par défaut) : les joueurs sont appariés. Laissez alors « Membres comptés par équipe » à 0.
settings-team-counting = Membres comptés par équipe
settings-team-counting-note = Une équipe marque la somme des résultats de ses meilleurs membres ; combien comptent (1 à 10). 0 (par défaut) : pas de compétition par équipes. Les joueurs indiquent leur équipe au formulaire d'inscription.
settings-team-score = Ce qui compte
settings-team-score-wins = Victoires
settings-team-score-mms = Score McMahon
settings-team-score-note = Les victoires (par défaut) comparent équitablement les équipes de tous niveaux ; le score McMahon avantage les équipes fortes.
settings-team-prizes = Prix par équipes
settings-team-prizes-note = Montants pour les places 1, 2… des équipes ; des équipes ex æquo se les partagent. Par défaut : aucun.
settings-part-fees = Droits d'inscription
settings-fee-full = Droit plein
settings-fee-full-note = Ce que paie un joueur, comme 30 ou 30,50 ; 0 (par défaut) ne demande rien et le droit saisi à la table vaut.
settings-fee-bands = Droits par niveau
settings-fee-bands-note = Un droit pour un niveau et plus fort, au lieu du droit plein : 1d: 40, 5k: 35. Vide : un seul droit pour tous.
settings-fee-non-member = Supplément non-licencié
settings-fee-non-member-note = Ajouté pour un joueur qui n'est pas licencié de la fédération.
settings-fee-junior-off = Réduction jeune
settings-fee-student-off = Réduction étudiant
settings-fee-senior-off = Réduction senior
settings-fee-off-note = Retranché du droit pour un joueur que la table marque ainsi.
settings-fee-late = Majoration de retard
settings-fee-late-note = Ajoutée pour une inscription faite après la date de clôture.
settings-late-after = Date de clôture
settings-late-after-note = Le dernier jour pour s'inscrire sans majoration (calendrier du lieu). Vide : pas de majoration.
settings-fee-per-day = Droit par jour
settings-fee-per-day-note = Pour un joueur qui ne joue que certains jours : ce montant par jour joué, jamais plus que le droit plein. 0 : tous paient le droit plein.
settings-latecomers-by-day = Les retardataires paient aussi au jour
settings-latecomers-by-day-note = Non coché (par défaut) : un joueur qui s'inscrit une fois le tournoi commencé paie le droit plein (Mays).
settings-levy-full = Redevance, plein tarif
settings-levy-member = Redevance, licencié
settings-levy-concession = Redevance, tarif réduit
settings-levy-note = Ce que le tournoi doit à la fédération par joueur et jour joué, pour le relevé de redevance.
settings-part-ladder = Échelle
settings-komi-note = Points reçus par Blanc dans une partie à égalité : 6.5, 6½ ou 7. Par défaut : { $default }.
settings-time-name = { $system ->
        [canadian] Byo-yomi canadien
        [byo-yomi] Byo-yomi (japonais)
        [fischer] Incrément Fischer
        [milton-keynes] Milton Keynes (BGA)
       *[sudden-death] Mort subite
    }
settings-time-class = Tel qu'enregistré, une partie de classe EGF { $class } ({ $minutes } min de temps ajusté).
settings-bga-bar = Recommandation BGA pour les joueurs pointés : barre à { $rank } ({ $top } joueurs partent en tête).
settings-use-bar = Prendre { $rank } et enregistrer
settings-bga-later = La barre recommandée par la BGA apparaît ici dès que des joueurs sont pointés.
settings-basis-mms = l'écart de score McMahon
settings-basis-rank = l'écart de niveau
settings-no-handicap-above-note = Les joueurs plus forts comptent à ce niveau pour le handicap. Par défaut : { $default }.
settings-as-profile = selon le profil
settings-seeding-fold = pliage (le 1er rencontre le dernier)
settings-seeding-slip = glissement (le 1er rencontre le milieu)
settings-seeding-random = au hasard
settings-seeding-adjacent = adjacent (Mays seulement)
settings-float-top = le plus fort
settings-float-middle = le milieu
settings-float-bottom = le plus faible
settings-profile-egf = EGF (OpenGotha)
settings-profile-mays = Manuel de Mays
settings-bye-mays = Mays : le plus faible ayant le plus de défaites
settings-groups-of = { $size ->
        [0] un seul groupe
       *[other] groupes d'environ { $size }
    }
settings-missed-name = { $rule ->
        [half] ½ point par ronde manquée (Mays)
        [one-per-two] 1 point pour deux rondes manquées (BGA)
       *[nothing] rien
    }
settings-tiebreaks-note = Noms dans l'ordre (mms, wins, sos, sosos, sodos, sdos, h2h, …) ou un profil (egf, mays, swiss). Par défaut : { $default }.
settings-bye-points-note = Points, de 0 à 2 (0.5 pour un demi-point). Par défaut : { $default }.
settings-reach-note = Combien d'échelons au-dessus un défi peut viser ; 0 : n'importe qui au-dessus. Par défaut : { $default }.
settings-max-meetings-note = Combien de fois deux joueurs peuvent se rencontrer ; 0 : sans limite. Par défaut : { $default }.
settings-title = { $name } : paramètres
settings-save = Enregistrer les paramètres
settings-discard = Annuler les modifications
settings-no-revision = Ce formulaire n'a pas de révision : rechargez la page.
settings-saved-nothing = Enregistré : rien n'avait changé.
settings-saved = Enregistré : { $fields }.
settings-stale = Non enregistré : quelqu'un d'autre a enregistré ces paramètres pendant que vous les modifiiez. Ce que vous avez tapé est toujours dans les champs, et ce qui est enregistré maintenant est affiché à côté de chaque champ qui diffère : enregistrez de nouveau pour garder ce qui est dans les champs.
settings-stale-fields = Non enregistré : quelqu'un d'autre a enregistré ces paramètres pendant que vous les modifiiez. Ce que vous avez tapé est toujours dans les champs, et ce qui est enregistré maintenant est affiché à côté de chaque champ qui diffère ({ $fields }) : enregistrez de nouveau pour garder ce qui est dans les champs.
settings-not-saved = Non enregistré : { $why }. Rien n'a changé ; ce que vous avez tapé est toujours ci-dessous.

## L'événement et ses tournois

event-field-name = Nom
event-field-name-note = Le congrès, tel que l'affichent l'accueil du tableau d'affichage et cette page.
event-field-venue = Lieu
event-field-venue-note = Le bâtiment ou la salle, par ex. « Hôtel de ville ».
event-field-city = Ville
event-field-city-note = La ville hôte : les fichiers de résultats (EGF, OpenGotha, FFG, AGA) l'indiquent comme lieu.
event-field-country = Pays
event-field-country-note = Code ISO à deux lettres (GB, FR, JP), pour le fichier de résultats EGF.
event-field-start-date = Premier jour
event-field-start-date-note = Un tournoi sans dates propres prend celles-ci dans ses fichiers de résultats.
event-field-end-date = Dernier jour
event-field-end-date-note = Pas avant le premier jour.
event-heading = L'événement
event-back = ← Tournois
event-details = Détails
event-save = Enregistrer l'événement
event-saved = Les détails de l'événement sont enregistrés.
event-stale = Non enregistré : quelqu'un d'autre a enregistré les détails de l'événement pendant que vous les modifiiez. Ce que vous avez tapé est toujours dans les champs, et ce qui est enregistré maintenant est affiché à côté de chaque champ qui diffère : enregistrez de nouveau pour garder ce qui est dans les champs.
event-details-line = { $link } — nom, lieu, ville, pays, dates
event-details-link = Détails de l'événement
event-director = Directeur du tournoi
event-tournaments = Tournois
event-no-tournament = Pas encore de tournoi. Créez le premier ci-dessous ; les tables peuvent inscrire des joueurs dès qu'il existe.
event-players = joueurs : { $players }
event-dashboard = Tableau de bord
event-import = Importer des joueurs
event-results = Résultats
event-referee = Arbitre
event-board = Tableau d'affichage
event-system-rounds = { $system }, { $rounds ->
        [one] { $rounds } ronde
       *[other] { $rounds } rondes
    }
event-none-yet = aucun pour l'instant
event-checked-in-of = { $checked_in } pointés sur { $all }
event-registration-open = inscriptions ouvertes
event-registration-closed = inscriptions closes, ronde 1 pas encore tirée
event-round-now = ronde { $round } : { $state ->
        [drawn] tirée, pas publiée
        [published] en cours
       *[closed] close
    }
event-desks = Tables
event-public-board = Tableau d'affichage public
event-terminals = Terminaux
event-terminals-note = Chaque table se connecte avec son propre terminal : créez-en un là et scannez ou imprimez sa carte.
event-new = Nouveau tournoi
event-name-note = Tel qu'il apparaîtra sur le tableau d'affichage et les feuilles, par ex. « Tournoi principal ».
event-system-note = McMahon est le choix par défaut des congrès. Une échelle ou des parties libres n'ont pas de rondes.
event-defaults-note = Tous les autres paramètres (komi 6½, temps, barre, départages, prix…) prennent leur valeur par défaut ; la page des paramètres s'ouvre ensuite.
event-create = Créer le tournoi
event-created = { $name } créé. Chaque paramètre est ci-dessous à sa valeur par défaut : changez ce qui diffère, puis enregistrez.
event-rounds-not-number = rondes : « { $rounds } » n'est pas un nombre de rondes

## Mots qu'affiche le script des tables (attributs data-)

dir-choose-first = Choisissez d'abord le résultat : rien n'a été enregistré.
results-press-key-after = appuyez sur b, w, j ou x pour le résultat, après le numéro de table
handover-moving = Ce serveur n'accepte plus de modifications ; cette table passe sur { $host }…
handover-continue = Continuer sur { $host }
handover-unsent = Ce serveur n'accepte plus de modifications. Ce que vous avez tapé ici n'a pas été envoyé : notez-le, puis
handover-none = Aucun serveur n'accepte de modifications pour l'instant ({ $here } ; { $there }). Rien de ce qui est tapé ici n'est envoyé avant ; le directeur du tournoi promeut le serveur de secours (VENUE.md).
handover-here-is = celui-ci est en mode { $mode }
handover-here-silent = celui-ci ne répond pas
handover-there-is = { $host } est en mode { $mode }
handover-there-silent = { $host } ne répond pas

## Terminaux

terminals-role = { $role ->
        [director] Directeur du tournoi
        [registration] Table d'inscription
        [late-desk] Table des retardataires
        [results] Table de saisie des résultats
        [referee] Arbitre
        [viewer] Consultation (lecture seule)
        [treasurer] Trésorier (paiements et comptes)
        [replica] Serveur de secours
        [system] Le serveur lui-même
       *[public] Tableau d'affichage public
    }
terminals-back = Retour à l'événement
terminals-cards-at = Les cartes connectent les tablettes à { $address }. Une tablette qui ne fait pas encore confiance au lieu ouvre d'abord { $guide } (le petit code sur chaque carte).
terminals-trust-guide = le guide de confiance
terminals-loopback = Seul cet ordinateur peut ouvrir { $page } : démarrez le serveur avec { $san } (l'adresse de ce portable sur place) ou { $url } avant d'imprimer les cartes.
terminals-host-name = Les cartes désignent cet ordinateur par son nom, { $page }, que les tablettes sur le Wi-Fi du lieu risquent de ne pas trouver. Scannez d'abord une carte avec une tablette ; si elle ne s'ouvre pas, démarrez le serveur avec { $san } (l'adresse de ce portable sur place) ou { $url } et réimprimez les cartes.
terminals-new = Nouveau terminal
terminals-name-note = Enregistré avec tout ce que fait ce terminal, par ex. « saisie-1 » ou « accueil-2 » ; deux terminaux actifs n'ont jamais le même.
terminals-role-label = Rôle
terminals-role-note = Ce qu'il peut faire : la consultation ne fait que lire ; choisissez la table à laquelle il sert. Directeur du tournoi donne tout, cette page comprise.
terminals-create = Créer le terminal
terminals-none = Aucun pour l'instant.
terminals-made = créé le { $at }
terminals-revoked = révoqué
terminals-last-seen = vu pour la dernière fois { $ago }
terminals-not-seen = pas vu depuis le démarrage du serveur
terminals-revoke = Révoquer
terminals-ask-revoke = Révoquer { $name } ({ $role }) ? Ses pages sont aussitôt déconnectées et sa carte ne fonctionne plus ; c'est irréversible (créez plutôt un nouveau terminal).
terminals-yes-revoke = Oui, révoquer { $name }
terminals-unknown-time = à une date inconnue
terminals-choose-role = Choisissez le rôle du terminal dans la liste.
terminals-made-before = { $name } a déjà été créé ; son jeton a été affiché à ce moment-là et ne peut plus l'être. Si sa carte est perdue, révoquez-le et créez un nouveau terminal.
terminals-no-answer = Le serveur n'a pas répondu avec un terminal.
terminals-done-revoke = { $name } est révoqué : ses pages sont déconnectées et sa carte ne fonctionne plus.
terminals-h-ago = il y a { $h } h
terminals-days-ago = il y a { $n ->
        [one] { $n } jour
       *[other] { $n } jours
    }
terminals-ready = Le terminal { $name } est prêt
terminals-made-note = { $name } ({ $role }) est créé. { $shown } scannez le code avec la tablette maintenant, ou imprimez la carte, avant de quitter cette page.
terminals-shown-once = Son jeton n'est affiché que sur cette page :
terminals-print = Imprimer la carte
terminals-done-back = Terminé : retour aux terminaux
terminals-print-note = L'impression envoie la carte seule, une par page. Gardez les cartes imprimées comme des clés : une carte connecte une tablette.
terminals-terminal = Terminal { $name }
terminals-card-how = Scannez avec l'appareil photo de la tablette, donnez votre nom, et la table s'ouvre.
terminals-card-url = Ou ouvrez { $page } et tapez le jeton :
terminals-new-tablet = Nouvelle tablette ?
terminals-trust-first = Scannez d'abord ceci pour qu'elle fasse confiance au lieu : { $trust }
terminals-no-qr = Pas de QR code : { $why }

## Fiches de modification, horaires, recherche d'un joueur

slips-heading = Fiches de modification
slips-none = Aucune fiche en attente.
slips-for = { $slip } pour { $player }
slips-field = { $field ->
        [family-name] nom
        [given-name] prénom
        [club] club
        [country] pays
        [rank] niveau
       *[rounds] rondes
    }
slips-message = message : { $message }
slips-accept = Accepter
slips-reason = Motif
slips-reject = Refuser
slips-none-value = (aucun)
timetable-heading = Horaires
timetable-note = L'heure de début de chaque ronde, telle que l'affichent le tableau d'affichage, les feuilles d'appariements et les téléphones des joueurs ; l'horloge de forfait de l'arbitre part de là. Déplacez une ronde ici quand la journée prend du retard.
timetable-round = Ronde { $round } :
timetable-not-set = non fixé
timetable-closed = (close)
timetable-set = Fixer
timetable-placeholder = 14:30, ou 2026-11-28 14:30
timetable-starts-at = La ronde { $round } commence à
player-find = Joueur
player-find-placeholder = numéro ou nom
player-open = Ouvrir
player-find-note = Retrait, absence, fantôme, changement de niveau, explication.

## La page d'un joueur

player-find-in = Chercher un joueur dans { $name }
player-nobody = Aucun joueur de { $name } ne correspond à « { $q } » : tapez le numéro des feuilles ou le début d'un nom.
player-find-title = { $name } : chercher un joueur
dir-player-no-such = Il n'y a pas de joueur #{ $number } dans { $name } : cherchez-le sur le tableau de bord par numéro ou par nom.
player-explain = Expliquer avec un autre joueur
player-no-number = Pas encore de numéro : les joueurs sont numérotés à la clôture des inscriptions.
player-another = Un autre joueur
player-entry = Inscription
player-status = Statut
player-not-rounds = (sauf { $rounds })
player-rank-from = { $rank } à partir de la ronde { $round }
player-ghost = Fantôme
player-ghost-yes = oui : apparié, jamais classé, jamais exempt
player-no = non
player-code = Code personnel
player-code-note = (sur la carte du joueur ; jamais sur une page publique)
player-no-code = aucun pour l'instant : { $link }
player-make-codes = créer les codes manquants
player-no-round = Aucune ronde tirée pour l'instant.
player-round = Ronde
player-opponent = Adversaire
player-not-published = pas publiée
player-absent = absent
dir-player-not-paired = pas apparié
player-reinstate = Réintégrer
player-reinstate-note = De retour dans le tournoi : apparié de nouveau dès le prochain tirage.
player-withdraw = Retirer
player-withdraw-note = Quitte le tournoi : écarté de tous les tirages désormais ; les parties jouées comptent toujours.
player-absent-from = Absent à la ronde
player-mark-absent = Marquer absent
player-absent-note = Manque cette ronde (ni partie, ni exemption) et joue les autres ; dans une ronde déjà tirée, l'adversaire reste à apparier à la main.
player-new-code = Nouveau code personnel
player-new-code-note = Quand une carte de joueur est perdue ou vue par quelqu'un d'autre : l'ancien code cesse aussitôt de fonctionner.
player-unghost = Ne plus être fantôme
player-make-ghost = Rendre fantôme
player-ghost-note = Un fantôme rend le nombre de joueurs pair : apparié comme les autres, jamais classé, jamais exempt.
player-new-rank = Nouveau niveau
player-rank-placeholder = par ex. 2d
player-from-round = à partir de la ronde
player-move-start = déplacer aussi le score de départ
player-change-rank = Changer de niveau
player-rank-note = À partir de cette ronde, le tirage et les handicaps utilisent le nouveau niveau ; les rondes précédentes gardent le leur. Le score de départ reste, sauf si la case est cochée.
player-choose-round = Choisissez d'abord la ronde.
player-nothing-changed = Rien n'a changé : { $why }.
player-choose-from = Choisissez d'abord la première ronde.
player-no-change = Il n'y a pas de modification « { $action } » ici.
player-ask-withdraw = Retirer { $who } de { $name } ? Ce joueur est écarté de tous les tirages désormais ; ses parties jouées comptent toujours (Réintégrer le ramène).
player-ask-absent = Marquer { $who } absent à la ronde { $round } ? Ce joueur n'y a ni partie ni exemption ; si la ronde { $round } est tirée, son adversaire reste non apparié, à apparier à la main.
player-ask-rank = Changer le niveau de { $who } en { $rank } à partir de la ronde { $from } ? Le tirage et les handicaps l'utilisent dès lors{ $start ->
        [moves] , et le score de départ suit
       *[stays] ; le score de départ reste
    }.
player-rank-typed = celui tapé
player-ask-code = Donner un nouveau code personnel à { $who } ? L'ancien cesse aussitôt de fonctionner : imprimez une nouvelle carte de joueur.
player-not-entered = { $id } n'est pas inscrit à { $name }
player-done-withdraw = { $who } est retiré : écarté des prochains tirages.
player-done-reinstate = { $who } est réintégré : apparié de nouveau dès le prochain tirage.
player-done-absent-drawn = { $who } est absent à la ronde { $round }.
player-done-absent = { $who } est absent à la ronde { $round } : pas dans son tirage.
player-done-ghost = { $who } est un fantôme : apparié, jamais classé, jamais exempt.
player-done-unghost = { $who } n'est plus un fantôme.
player-type-rank = tapez d'abord le nouveau niveau
player-done-rank = { $who } joue en { $rank } à partir de la ronde { $from }.
player-done-code = { $who } a un nouveau code personnel : l'ancien ne fonctionne plus.
player-yes-withdraw = Oui, retirer
player-yes-absent = Oui, marquer absent
player-yes-rank = Oui, changer le niveau

## Cartes des joueurs et envois de fichiers

upload-too-big = Le fichier dépasse { $kb } Ko : cette page accepte les fichiers jusqu'à cette taille.
upload-cut-off = L'envoi a été interrompu : choisissez le fichier et envoyez-le de nouveau.
upload-choose-file = Choisissez d'abord un fichier.
cards-title = { $name } : cartes des joueurs
cards-heading = Cartes des joueurs : { $name }
cards-csv = Codes en CSV (pour votre publipostage)
cards-note-check-in = Chaque carte porte le code personnel du joueur : avec lui, il se pointe à { $url } et saisit ses propres résultats sur sa page. Remettez chaque carte à son seul joueur ; une carte perdue reçoit un nouveau code sur la page du joueur.
cards-note = Chaque carte porte le code personnel du joueur : avec lui, il saisit ses propres résultats sur sa page. Remettez chaque carte à son seul joueur ; une carte perdue reçoit un nouveau code sur la page du joueur.
cards-note-off = Chaque carte porte le code personnel du joueur : avec lui, il saisit ses propres résultats sur sa page, une fois l'option activée dans les paramètres. Remettez chaque carte à son seul joueur ; une carte perdue reçoit un nouveau code sur la page du joueur.
cards-make = Créer les codes manquants ({ $n })
cards-your-code = Votre code :
cards-no-code = pas encore de code
cards-every-code = Chaque joueur a un code.
cards-made = { $n ->
        [one] { $n } joueur a maintenant un code.
       *[other] { $n } joueurs ont maintenant un code.
    }

## Importation des joueurs

import-heading = Importer des joueurs : { $name }
import-file = Fichier
import-file-note = Un CSV de préinscription, un tournoi OpenGotha (.xml) ou une table de résultats EGF (.h9), { $mb } Mo au plus. Rien n'est écrit avant que vous confirmiez l'aperçu.
import-preview = Aperçu
import-back = Retour au tableau de bord
import-title = { $name } : importation
import-columns = Quelles colonnes du CSV sont lues ?
import-columns-note = Une ligne d'en-tête nommant les colonnes, dans n'importe quel ordre, séparées par des virgules, des points-virgules ou des tabulations. Nom et prénom sont obligatoires ; le niveau est nécessaire pour inscrire (par ex. 3k, 2d). Les noms sont reconnus sans tenir compte de la casse, des espaces, de _ et de - :
import-nothing = Rien à importer de ce fichier.
import-another = Choisir un autre fichier
import-preview-title = { $name } : aperçu de l'importation
import-the-file = Le fichier
import-refused = { $name } : { $why }. Rien n'a été importé.
import-pin = pin EGF { $pin }
import-will-register = Sera inscrit
import-already = Déjà importé : rien de plus
import-duplicate = Écarté : semble être { $of }, déjà inscrit ({ $reason })
import-refused-row = Refusé : { $why }
import-nothing-yet = Rien n'a encore été écrit.
import-summary = { $new } · { $already } déjà importés · { $left_out } écartés
import-to-register = { $n } à inscrire dans { $name }
import-line = Ligne
import-what = Ce qui se passe
import-ask = Importer { $n ->
        [one] 1 joueur
       *[other] { $n } joueurs
    } dans { $name } ? Ils sont inscrits à toutes les rondes, sans être pointés ; les tables les pointent à leur arrivée.
import-confirm-note = Confirmer inscrit { $n ->
        [one] le joueur marqué
       *[other] les { $n } joueurs marqués
    } « Sera inscrit » ; les autres lignes sont écartées. Importer plus tard le même fichier n'inscrit personne deux fois.
import-yes = Oui, importer { $n ->
        [one] 1 joueur
       *[other] { $n } joueurs
    }
import-button = Importer { $n ->
        [one] 1 joueur
       *[other] { $n } joueurs
    }
import-no = Non, choisir un autre fichier
import-lost-file = Le formulaire a perdu son fichier : choisissez de nouveau le fichier.
import-done = { $n ->
        [0] Rien de nouveau importé.
        [one] 1 joueur importé.
       *[other] { $n } joueurs importés.
    }
import-done-already = { $n } déjà importés auparavant.
import-done-left-out = { $n } écartés (doublons ou refusés, comme l'indiquait l'aperçu).

## Listes de classement

ratings-federation = { $source ->
        [egd] EGD (européenne)
        [aga] AGA (américaine)
       *[ffg] FFG (française)
    }
ratings-load-heading = Charger une liste
ratings-file-note = La liste allworld de l'EGD, la liste TD de l'AGA ou l'échelle FFG, telle que la fédération la publie ; le type est reconnu d'après le contenu. Vous voyez ce qu'elle contient avant qu'elle soit chargée.
ratings-back = Retour aux tournois
ratings-loaded = Chargées actuellement
ratings-none = Aucune liste chargée : les tables d'inscription tapent chaque nouveau joueur à la main.
ratings-date = Date
ratings-complete = Complète
ratings-yes = oui
ratings-incomplete = non : chargez-la de nouveau
ratings-lookup-note = Les tables d'inscription cherchent les nouveaux joueurs dans ces listes par nom ou par identifiant.
ratings-refused = { $name } : { $why }. Rien n'a été chargé.
ratings-ask = Charger { $n } joueurs de la liste { $list } ?
ratings-ask-dated = Charger { $n } joueurs de la liste { $list } du { $date } ?
ratings-ask-replaces = Elle remplace la liste chargée actuellement ({ $file }, { $n } joueurs).
ratings-preview-title = Liste de classement : aperçu
ratings-the-list = la liste { $list }
ratings-the-list-of = la liste { $list } du { $date }
ratings-nothing-yet = Rien n'est encore chargé.
ratings-summary = { $players } · { $skipped } lignes écartées
ratings-players = { $n } joueurs
ratings-first = Les premiers joueurs tels que lus
ratings-rating = Classement
ratings-replaces = Le chargement remplace la liste { $list } chargée actuellement : { $file }, { $n } joueurs.
ratings-skipped = Lignes écartées
ratings-the-first = (les { $n } premières)
ratings-line = ligne { $line } : { $why }
ratings-yes-load = Oui, charger { $n } joueurs
ratings-load = Charger { $n } joueurs
ratings-not-held = Ce fichier n'est plus conservé (une heure a passé, le serveur a redémarré ou d'autres listes ont été envoyées depuis) : choisissez de nouveau le fichier.
ratings-stopped = { $why } Un nouveau chargement reprend là où il s'est arrêté.
ratings-done = { $n } joueurs chargés de la liste { $list } ({ $file }).

## Les refus du serveur (`web::error::words`). Un refus formulé en texte libre par le serveur garde ses mots
## anglais, après une phrase qui dit de quel refus il s'agit.

refused-kind-invalid = Le serveur a refusé (demande illisible) : { $why }
refused-kind-not-found = Le serveur a refusé (introuvable) : { $why }
refused-kind-precondition = Le serveur a refusé (impossible pour l'instant) : { $why }
refused-kind-stale = Le serveur a refusé (modifié entre-temps ailleurs) : { $why }
refused-kind-exists = Le serveur a refusé (déjà fait) : { $why }
refused-kind-forbidden = Le serveur a refusé (non autorisé) : { $why }
refused-kind-unavailable = Le serveur ne peut pas l'accepter pour l'instant : { $why }
refused-kind-too-many = Le serveur a refusé (trop d'essais, patientez) : { $why }
refused-kind-internal = Le serveur a rencontré une erreur : { $why }
refused-role = Un terminal { $role ->
        [director] du directeur du tournoi
        [registration] d'inscription
        [late-desk] des retardataires
        [results] de saisie des résultats
        [referee] de l'arbitre
        [viewer] de consultation
        [replica] de secours
        [system] du serveur
       *[public] public
    } ne peut pas { $action }. Demandez le bon jeton au directeur du tournoi.
refused-action = { $action ->
        [read] lire le registre
        [read-private] voir les coordonnées
        [register] inscrire ou modifier des participants
        [configure] modifier les réglages de l'événement ou des tournois
        [manage-tokens] gérer les jetons des terminaux
        [watch] suivre le journal
        [replicate] répliquer le journal
        [direct] tirer, publier, modifier ou clore des rondes
        [enter-results] saisir des résultats
        [referee] faire des rapports d'arbitrage
        [withdraw] retirer ou réintégrer des joueurs
        [submit-slip] envoyer des fiches de modification
        [resolve-slips] voir, accepter ou refuser des fiches de modification
        [load-ratings] charger des listes de classement
        [issue-codes] remettre aux joueurs leur code personnel
        [self-service] agir pour un joueur avec son code personnel
        [take-payment] encaisser des paiements
        [read-money] lire les comptes
       *[manage-venue] voir ou modifier les machines du lieu
    }
refused-not-kept = ce serveur n'est plus le serveur principal et ne peut pas garantir l'entrée { $seq } : recommencez avec le même identifiant de demande
refused-not-kept-at = ce serveur n'est plus le serveur principal et ne peut pas garantir l'entrée { $seq } : recommencez sur { $url } avec le même identifiant de demande
refused-overtaken = { $why } ({ $attempts } tirages de suite ont été dépassés par des modifications)
refused-unknown-participant = aucun participant { $id }
refused-unknown-tournament = aucun tournoi { $id }
refused-unknown-token = aucun jeton { $id }
refused-unknown-slip = aucune fiche { $id }
refused-stale = fiche modifiée entre-temps : vous avez modifié la version { $expected }, elle en est à la version { $actual } ; rechargez et recommencez
refused-duplicate = déjà inscrit sous { $existing } ({ $reason }) ; s'il s'agit d'une autre personne, confirmez-le
refused-already-entered = { $participant } est déjà inscrit à { $tournament }
refused-already-checked-in = { $participant } est déjà pointé ; rien n'a changé
refused-already-checked-in-by = { $participant } est déjà pointé par { $by } ; rien n'a changé
refused-already-checked-in-ago = { $participant } est déjà pointé ({ $ago }) ; rien n'a changé
refused-already-checked-in-by-ago = { $participant } est déjà pointé par { $by } ({ $ago }) ; rien n'a changé
refused-not-entered = { $participant } n'est pas inscrit à { $tournament }
refused-no-entries = { $participant } n'est inscrit à aucun tournoi : inscrivez-le d'abord à un tournoi
refused-wrong-status = { $participant } est { $status ->
        [pre-registered] préinscrit
        [checked-in] pointé
       *[withdrawn] retiré
    } dans { $tournament } : impossible de { $action ->
        [check-in] le pointer
        [check-in-reinstate] le pointer (réintégrez-le d'abord)
        [check-in-desk] le pointer (voir la table d'inscription)
        [withdraw-again] le retirer de nouveau
       *[reinstate] le réintégrer (il n'est pas retiré)
    }
refused-registration-closed = les inscriptions à { $tournament } sont closes : envoyez le joueur à la table des retardataires ou au directeur du tournoi
refused-unknown-round = { $tournament } n'a pas encore de ronde { $round }
refused-draw-changed = le registre de { $tournament } a changé pendant le tirage de la ronde { $round } (des tables pointaient ou modifiaient des joueurs) ; refaites le tirage
refused-request-id-reused = l'identifiant de demande { $id } a déjà servi pour une autre commande
refused-wrong-code = ce n'est pas le code personnel du joueur : vérifiez-le sur sa carte de joueur
refused-check-in-at-desk = les joueurs ne se pointent pas eux-mêmes à ce tournoi : ils passent à une table d'inscription
refused-results-at-desk = les joueurs ne saisissent pas leurs résultats à ce tournoi : le résultat se remet à la table de saisie des résultats
refused-player-round-closed = la ronde { $round } est close : seul le directeur du tournoi modifie encore ses résultats
refused-player-confirmed = la table { $table } a déjà son résultat ({ $result }) : seul le directeur du tournoi peut le modifier ; voyez l'arbitre
refused-field-name = { $field ->
        [family_name] nom
        [given_name] prénom
        [latin_family_name] nom en lettres latines
        [latin_given_name] prénom en lettres latines
        [club] club
        [city] ville
        [country] pays
        [email] e-mail
        [phone] téléphone
        [notes] notes
        [egd_pin] PIN EGD
        [aga_id] identifiant AGA
        [ffg_licence] licence FFG
        [family_group] groupe familial
        [birth_year] année de naissance
        [name] nom
        [venue] lieu
        [table] table
        [result] résultat
        [minutes] minutes
        [note] note
       *[other] { $words }
    }
refused-field-empty = { $field } : à remplir
refused-field-too-long = { $field } : { $len } caractères ; { $max } au plus
refused-field-control = { $field } : contient des caractères de contrôle
refused-field-not-country = { $field } : { $value } n'est pas un code de pays ISO 3166 à deux lettres (p. ex. GB, FR, JP)
refused-field-not-latin = { $field } : { $value } n'est pas en lettres latines : tapez le nom comme le joueur l'écrit en lettres latines (p. ex. Yamada), ou laissez le champ vide
refused-field-latin-family = { $field } : tapez aussi le nom de famille en lettres latines, à côté du prénom
refused-field-no-game = { $field } : il n'y a pas de partie à la table { $table } de la ronde { $round }
refused-field-reset-unknown = { $field } : seul le directeur du tournoi peut remettre un résultat à « inconnu »
refused-field-late-start = { $field } : 1440 minutes au plus
refused-field-note-too-long = { $field } : une note fait au plus 500 caractères imprimables
refused-field-not-birth-year = { $field } : { $value } n'est pas une année de naissance : tapez l'année où le joueur est né, par exemple 2012
refused-result-before-publishing = la ronde { $round } n'est pas encore publiée : les résultats se saisissent après la publication
refused-part-not-published = la table { $table } de la ronde { $round } est dans une partie pas encore publiée : les résultats se saisissent après la publication
refused-confirmed = la table { $table } est déjà confirmée ({ $result }) : seul le directeur du tournoi peut la corriger
refused-say-black = la table { $table } était en nigiri : dites qui avait Noir
refused-pairing-closed = la ronde { $round } est close : ses appariements ne peuvent plus changer
refused-game-has-results = la partie de la table { $table } a déjà des résultats : corrigez plutôt le résultat
refused-registration-still-open = les inscriptions sont encore ouvertes : closez-les avant le tirage de la ronde 1
refused-already-drawn = le tirage de la ronde { $round } est déjà fait : demandez explicitement un nouveau tirage (il est consigné)
refused-next-to-draw = la prochaine ronde à tirer est la ronde { $round }
refused-close-first = la ronde { $round } est { $state ->
        [drawn] tirée
        [published] publiée
       *[closed] close
    } : closez-la (tous les résultats confirmés) avant le tirage de la ronde { $next }
refused-already-is = la ronde { $round } est déjà { $state ->
        [drawn] tirée
        [published] publiée
       *[closed] close
    }
refused-not-published = la ronde { $round } n'est pas encore publiée
refused-already-closed = la ronde { $round } est déjà close
refused-unconfirmed = la ronde { $round } a { $count ->
        [one] un résultat non confirmé
       *[other] { $count } résultats non confirmés
    } : { $tables }
refused-unconfirmed-table = table { $table } { $progress ->
        [missing] sans résultat
        [pending] en attente
        [mismatch] discordante
        [disputed] contestée
       *[confirmed] confirmée
    }
refused-reopen-after-draw = le tirage de la ronde 1 de { $tournament } est fait : les inscriptions ne peuvent plus rouvrir ; les nouveaux venus s'inscrivent à la table des retardataires
refused-undo-other-desk = { $id } a été inscrit à { $by }, pas à cette table ({ $desk }) : seule la table qui a inscrit un joueur peut l'annuler ; demandez au directeur du tournoi de le retirer
refused-undo-too-old = { $id } a été inscrit avant que les tables puissent annuler une inscription : demandez au directeur du tournoi de le retirer
refused-undo-too-late = { $id } a été inscrit il y a { $ago } : une inscription ne s'annule que dans la minute ; demandez au directeur du tournoi de le retirer
refused-undo-in-play = { $id } { $why } : l'inscription ne peut plus être annulée ; demandez au directeur du tournoi de le retirer
refused-in-play-number = a un numéro dans { $tournament }
refused-in-play-round = joue la ronde { $round } de { $tournament }
refused-in-play-ladder = a une partie sur l'échelle de { $tournament }
refused-in-play-slip = a une fiche de modification

## The venue's machines (/desk/director/venue)
venue-title = Les machines du tournoi
venue-link-note = les serveurs qui tiennent le registre : en ajouter un, remplacer celui qui est tombé en panne
venue-alone = Ce serveur fonctionne seul (démarré sans --voter) : il n’y a pas d’autres machines. VENUE.md §3 explique comment en faire tourner trois (deux portables et un témoin).
venue-not-leader = Seule la machine qui dirige change les machines du tournoi ; ouvrez cette page sur elle :
venue-no-leader = Aucune machine ne dirige pour l’instant (élection en cours, ou majorité absente) : les changements attendent qu’une machine dirige.
venue-machine = Machine { $id }
venue-number = Numéro
venue-address = Adresse
venue-voter = votante
venue-learner = apprenante (une copie pour l’affichage ; ne vote pas)
venue-leads = dirige
venue-up-to-date = à jour
venue-entries-behind = { $n ->
    [one] 1 entrée de retard
   *[other] { $n } entrées de retard
}
venue-promote = La rendre votante
venue-remove = Retirer
venue-remove-question = Retirer la machine { $id } { $url } du tournoi ? Seulement si elle est en panne ou s’en va : une machine retirée ne vote plus et ne garde plus le registre.
venue-keep = La garder
venue-add = Ajouter une machine
venue-add-button = Ajouter comme apprenante
venue-add-note = Démarrez-la d’abord avec --node-id, la liste --voter du tournoi et sa propre adresse (VENUE.md, « Replacing a machine »). Elle copie le registre ; rendez-la votante une fois à jour, puis retirez celle en panne.
venue-note = Une machine votante garde le registre et vote : le tournoi accepte les changements tant qu’une majorité des votantes est d’accord. Une apprenante garde une copie et sert l’affichage public, mais ne prend jamais les saisies des tables.
venue-bad-number = Le numéro de la machine doit être un nombre entier (qu’aucune machine n’a jamais eu).
venue-done-add = Machine { $id } ajoutée comme apprenante : elle copie le registre.
venue-done-promote = La machine { $id } est maintenant votante.
venue-done-remove = La machine { $id } a quitté le tournoi.

## Droits d'inscription (issue 33) : une ligne, p. ex. « Open : droit plein 30.00 ».
fee-line = { $tournament } : { $what } { $amount }
fee-part-full = droit plein
fee-part-band = droit à partir de { $rank }
fee-part-days = { $played } { $played ->
        [one] jour
       *[other] jours
    } sur { $of }
fee-part-non-member = non-licencié
fee-part-concession = { $concession ->
        [junior] jeune
        [student] étudiant
       *[senior] senior
    }
fee-part-late = inscription tardive
fee-heading = Droit d'inscription
fee-agreed = Droit convenu { $amount } : { $reason }
fee-account = Dû { $due } · payé { $paid }
fee-waived = exonéré { $amount }
fee-to-pay = Reste à payer { $amount }
fee-give-back = À rendre { $amount }
fee-settled = Réglé
fee-marked-paid = Marqué payé
fee-col-amount = Montant
fee-col-method = Moyen
fee-col-desk = Table
fee-col-note = Note
fee-amount = Montant encaissé
fee-method = Moyen de paiement
fee-method-name = { $method ->
        [cash] Espèces
        [card] Carte
        [transfer] Virement
        [prepaid] Payé à l'avance
       *[waived] Exonéré
    }
fee-note = Note (reçu, ou motif d'un remboursement)
fee-record = Enregistrer le paiement
fee-take = Encaisser
fee-not-amount = « { $amount } » n'est pas un montant : { $why }
fee-choose-method = Choisissez le moyen de paiement : espèces, carte, virement, payé à l'avance ou exonéré.
fee-changed-meanwhile = Ce joueur a été modifié à une autre table entre-temps (il y a peut-être payé) : revoyez le droit avant d'encaisser.
fee-recorded = { $amount } { $method } enregistré pour { $who }.
dir-money = Finances
dir-money-link = Droits, paiements et comptes du trésorier
money-title = Finances
money-reports = Comptes
money-report = { $kind ->
        [takings] Recettes par table et par jour
        [levy] Relevé de redevance
       *[budget] Budget
    }
money-owing = Reste à payer, ou à rendre
money-none-owing = Tout le monde a payé ce qu'il doit.
money-col-player = Joueur
money-col-due = Dû
money-col-paid = Payé
money-col-balance = Reste
money-choose-method = Moyen ?
money-note-placeholder = note
