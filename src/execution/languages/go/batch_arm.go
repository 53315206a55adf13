// One test function of a Go batch's main_test.go per member (go-batch.ts): it runs the member's
// tests when PASSK_MEMBER names it. The batch build (kit/batch_build.py) writes it once per member,
// each {m} replaced by the member's name; the text starts with an empty line.


func Test_{m}(t *testing.T) {
	if passkMember != "{m}" {
		t.SkipNow()
	}
	{m}.PasskTests(t)
}
