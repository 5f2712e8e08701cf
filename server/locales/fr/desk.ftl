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
reg-field-email = E-mail
reg-field-phone = Téléphone
reg-choose-rank = choisissez le niveau du joueur
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
ladder-jigo = Jigo
ladder-challenger-number = Numéro du challenger
ladder-defender-number = Numéro du défenseur (au-dessus)
ladder-challenger-won = Le challenger a gagné (il prend l'échelon)
ladder-defender-won = Le défenseur a gagné
ladder-self-paired-title = { $name } : parties libres
ladder-title = { $name } : résultats de l'échelle
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
