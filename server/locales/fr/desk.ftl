# Les pages des tables d'accueil, de saisie, de l'arbitre et du directeur.

desk-sign-out = Se déconnecter
