def test_minimal_fact_base_is_sound(check):
    assert check() == []
