package io.fabricemu.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class HtmlTest {

    @Test
    void escape_replacesEveryMarkupCharacter() {
        assertEquals("a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;", Html.escape("a <b> & \"c\" 'd'"));
    }

    @Test
    void escape_leavesPlainNamesAlone() {
        assertEquals("tor0.1:p2 nscc+rccc", Html.escape("tor0.1:p2 nscc+rccc"));
    }
}
