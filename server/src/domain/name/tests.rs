//! The search key, the scripts, the name each player has for the files, and the names a search finds.

use super::*;

fn person(family: &str, given: &str) -> ParticipantFields {
    ParticipantFields::sample(family, given, "")
}

fn latin(family: &str, given: &str, latin_family: &str, latin_given: &str) -> ParticipantFields {
    ParticipantFields {
        latin_family_name: latin_family.into(),
        latin_given_name: latin_given.into(),
        ..person(family, given)
    }
}

fn pair(family: &str, given: &str) -> Option<(String, String)> {
    Some((family.to_string(), given.to_string()))
}

#[test]
fn folds_case_and_accents() {
    assert_eq!(fold("Côté"), "cote");
    assert_eq!(fold("  LOÏC   Lefèbvre "), "loic lefebvre");
    assert_eq!(fold("Łukasz"), "lukasz");
    assert_eq!(fold("王 小明"), "王 小明");
}

#[test]
fn latin_letters_with_accents_and_punctuation_are_latin() {
    for name in [
        "Müller François",
        "Nguyễn Văn An",
        "Łukasz Ødegård",
        "O'Brien Jean-Luc",
        "Smith –",
        "Wolfeschlegelsteinhausenbergerdorff Hubert Blaine",
        "Ce\u{301}line",
        "Ａｂｅ Ken",
        "Smith -",
    ] {
        assert_eq!(script(name), Script::Latin, "{name}");
    }
}

#[test]
fn cyrillic_and_greek_are_transliterated_and_other_scripts_are_not() {
    for name in ["Иванова Анна", "Παπαδόπουλος Νίκος", "Иванов Pëtr"]
    {
        assert_eq!(script(name), Script::Transliterated, "{name}");
    }
    for name in [
        "山田 太郎",
        "李 世乭",
        "이 세돌",
        "やまだ たろう",
        "ヤマダ",
        "محمد علي",
        "Yamada 太郎",
        "? ??",
        "- -",
        "",
    ] {
        assert_eq!(script(name), Script::Other, "{name}");
    }
    assert!(
        has_other_letters("山田")
            && has_other_letters("Иванова")
            && has_other_letters("Yamada 太郎")
    );
    assert!(
        !has_other_letters("Yamada") && !has_other_letters("19000001") && !has_other_letters("? -")
    );
}

#[test]
fn issue_34_the_name_for_the_files_is_the_latin_name_else_the_name_in_latin_letters() {
    // Typed Latin name first, whatever the name's script.
    assert_eq!(
        for_files(&latin("山田", "太郎", " Yamada ", "Tarō")),
        pair("Yamada", "Tarō")
    );
    assert_eq!(
        for_files(&latin("Иванова", "Анна", "Ivanova", "Anna")),
        pair("Ivanova", "Anna")
    );
    // A name in Latin letters as it is, accents kept for the file to fold.
    assert_eq!(for_files(&person("Côté", "Élise")), pair("Côté", "Élise"));
    assert_eq!(for_files(&person("Berg", "-")), pair("Berg", "-"));
    // Cyrillic and Greek spelled letter by letter.
    assert_eq!(
        for_files(&person("Иванова", "Анна")),
        pair("Ivanova", "Anna")
    );
    assert_eq!(
        for_files(&person("Παπαδόπουλος", "Νίκος")),
        pair("Papadopoulos", "Nikos")
    );
    // Han, kana, Hangul, or no letter at all: nothing to guess from.
    for (family, given) in [
        ("山田", "太郎"),
        ("이", "세돌"),
        ("?", "??"),
        ("佐藤", "Hanako"),
    ] {
        assert_eq!(for_files(&person(family, given)), None, "{family} {given}");
        assert!(needs_latin_name(&person(family, given)));
    }
    assert!(!needs_latin_name(&person("Иванова", "Анна")));
}

#[test]
fn issue_34_the_refusal_names_every_player_without_a_latin_name() {
    let one = missing_latin_names(".h9", &["#12 山田 太郎".into()]).to_string();
    assert!(
        one.starts_with("add a Latin name for #12 山田 太郎 on the registration desk"),
        "{one}"
    );
    let three = missing_latin_names(
        ".tou",
        &[
            "#3 李 世乭".into(),
            "#12 山田 太郎".into(),
            "P17 이 세돌".into(),
        ],
    )
    .to_string();
    assert!(
        three.contains("#3 李 世乭, #12 山田 太郎 and P17 이 세돌 on"),
        "{three}"
    );
    assert!(three.contains("the .tou file"), "{three}");
}

#[test]
fn issue_34_a_player_is_found_by_the_latin_name_and_by_a_transliteration() {
    assert_eq!(
        search_names(&latin("山田", "太郎", "Yamada", "Taro")),
        vec![
            ("山田".into(), "太郎".into()),
            ("yamada".into(), "taro".into())
        ]
    );
    assert_eq!(
        search_names(&person("Иванова", "Анна")),
        vec![
            ("иванова".into(), "анна".into()),
            ("ivanova".into(), "anna".into())
        ]
    );
    // No Chinese reading of a Japanese name ("shantian"), and nothing twice.
    assert_eq!(search_names(&person("山田", "太郎")).len(), 1);
    assert_eq!(
        search_names(&latin("Côté", "Anne", "Cote", "Anne")).len(),
        1
    );
    assert_eq!(
        search_text(&latin("山田", "太郎", "Yamada", "Taro")),
        "山田 太郎 yamada taro"
    );
}
