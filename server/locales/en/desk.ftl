# The desk and director pages, in English and French; other languages read them in English.
# Every message here exists in French too (`web::lang::tests`).

desk-sign-out = Sign out
