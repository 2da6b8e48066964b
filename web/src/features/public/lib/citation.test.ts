import {
  capitalizeFrequency,
  citationHtml,
  citeAuthor,
  citeAuthors,
  cleanTitle,
  impactFactorDisplay,
  issueHeading,
  issueLinkLabel,
  pad2,
  pad3,
  titleText,
  whatsappLink,
} from './citation';

describe('citation authors (docs/product.md#display-rules)', () => {
  it('produces Surname plus initials of the other words', () => {
    expect(citeAuthor('Ravi Kumar Sharma')).toBe('Sharma R. K.');
    expect(citeAuthor('Anita Verma')).toBe('Verma A.');
  });
  it("removes a 'Dr. ' prefix first", () => {
    expect(citeAuthor('Dr. Ravi Kumar Sharma')).toBe('Sharma R. K.');
    expect(citeAuthor('Dr. Sharma')).toBe('Sharma.');
  });
  it('gives a single word a trailing dot, once', () => {
    expect(citeAuthor('Plato')).toBe('Plato.');
    expect(citeAuthor('Plato.')).toBe('Plato.');
  });
  it('keeps already-initialled names and upper-cases initials', () => {
    expect(citeAuthor('A. K. Singh')).toBe('Singh A. K.');
    expect(citeAuthor('john  smith')).toBe('smith J.');
  });
  it('handles Devanagari names', () => {
    expect(citeAuthor('राम कुमार')).toBe('कुमार र.');
  });
  // Splitting the field is the contracts' rule (packages/contracts/test/rules.test.ts); joining is the citation's.
  it('joins the cited authors with commas', () => {
    expect(citeAuthors('Dr. Ravi Kumar Sharma, Anita Verma, Plato')).toBe('Sharma R. K., Verma A., Plato.');
    expect(citeAuthors('')).toBe('');
  });
});

describe('title sanitisation (docs/product.md#display-rules)', () => {
  it('keeps only i and em, without attributes', () => {
    expect(cleanTitle('Study of <i class="x">E. coli</i> in <b>water</b>')).toBe('Study of <i>E. coli</i> in water');
    expect(cleanTitle('<EM onclick="x()">Bold</EM> claim')).toBe('<em>Bold</em> claim');
  });
  it('decodes entity-encoded titles before cleaning', () => {
    expect(cleanTitle('Growth of &lt;i&gt;Rice&lt;/i&gt; &amp; wheat')).toBe('Growth of <i>Rice</i> & wheat');
    expect(cleanTitle('&lt;script&gt;alert(1)&lt;/script&gt;Title')).toBe('Title');
  });
  it('collapses whitespace and does not glue words at block tags', () => {
    expect(cleanTitle('  A \n\t title<br>next<p>para</p>  ')).toBe('A title next para');
    expect(cleanTitle('H<sub>2</sub>O<b>!</b>')).toBe('H<sub>2</sub>O!');
    expect(titleText('H<sub>2</sub>O, 10<sup>5</sup>')).toBe('H2O, 105');
  });
  it('gives plain text for document titles', () => {
    expect(titleText('A <i>B</i> c')).toBe('A B c');
  });
});

describe('padding and labels (docs/product.md#constants)', () => {
  it('pads volume and issue to 2 digits, counts to 3', () => {
    expect(pad2(1)).toBe('01');
    expect(pad2(12)).toBe('12');
    expect(pad2(123)).toBe('123');
    expect(pad3(5)).toBe('005');
    expect(pad3(42)).toBe('042');
  });
  it('capitalises each hyphen part of the frequency', () => {
    expect(capitalizeFrequency('bi-monthly')).toBe('Bi-Monthly');
    expect(capitalizeFrequency('half-yearly')).toBe('Half-Yearly');
    expect(capitalizeFrequency('monthly')).toBe('Monthly');
    expect(capitalizeFrequency('')).toBe('');
  });
  it('builds the issue heading with and without frequency', () => {
    expect(issueHeading(2024, 1, 2, 'bi-monthly')).toBe('VOL. 01, ISSUE 02 (2024) — Bi-Monthly');
    expect(issueHeading(2024, 1, 2, '')).toBe('VOL. 01, ISSUE 02 (2024)');
  });
  it('builds the sidebar label with the month upper-cased', () => {
    expect(issueLinkLabel(1, 2, 'March')).toBe('VOL. 01 : ISSUE 02 : MARCH');
    expect(issueLinkLabel(1, 2, 'Jan-Feb')).toBe('VOL. 01 : ISSUE 02 : JAN-FEB');
    expect(issueLinkLabel(1, 2)).toBe('VOL. 01 : ISSUE 02');
  });
  it('drops the first 15 characters of the impact factor', () => {
    expect(impactFactorDisplay('Impact Factor: 5.22')).toBe('5.22');
    expect(impactFactorDisplay('')).toBe('');
  });
});

describe('citation line', () => {
  it('has authors, title, journal, volume, issue, year and pages', () => {
    const html = citationHtml(
      { authorname: 'Dr. Ravi Kumar Sharma, Plato', title: 'On <i>Oryza</i>   sativa.', year: 2024, volume: 1, issue: 3, pagenumber: '5-9' },
      'Journal of <Demo> & Co',
    );
    expect(html).toBe('Sharma R. K., Plato. On <i>Oryza</i> sativa. Journal of &lt;Demo&gt; &amp; Co. Volume 01, Issue 03, 2024, Pages 5-9.');
  });
  it('names the structured authors as family name and initials (docs/product.md#structured-authors)', () => {
    const html = citationHtml(
      {
        authorname: 'Dr. Ravi Kumar Sharma, Maria de la Cruz, Plato',
        authors: [{ given: 'Ravi Kumar', family: 'Sharma' }, { given: 'Maria', family: 'de la Cruz' }, { given: '', family: 'Plato' }],
        title: 'On rice', year: 2024, volume: 1, issue: 3, pagenumber: '5-9',
      },
      'J',
    );
    expect(html).toBe('Sharma R. K., de la Cruz M., Plato. On rice. J. Volume 01, Issue 03, 2024, Pages 5-9.');
  });
});

describe('WhatsApp link', () => {
  it('keeps digits and prefills a query', () => {
    expect(whatsappLink('+91 98765-43210', 'Demo Journal')).toBe(
      `https://wa.me/919876543210?text=${encodeURIComponent('Hello, I have a query about Demo Journal.')}`,
    );
  });
});
