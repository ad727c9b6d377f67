import type { XmlProfileBody } from '@ccms/contracts/content/xml-profile';

/**
 * A small XML format invented for the tests: a recipe book. `<recipe id>` units with a title,
 * ingredients that refer to other recipes (`<ingredient ref>`), steps and an image; a `<book>`
 * grouping file whose chapters hold `<recipeRef href>` entries. Its profile and its XSD are written
 * here as an administrator would write them: no code knows the format.
 */
export const RECIPE_XSD = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:element name="recipe">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="title" type="xs:string"/>
        <xs:element name="ingredients" minOccurs="0">
          <xs:complexType><xs:sequence>
            <xs:element name="ingredient" maxOccurs="unbounded">
              <xs:complexType mixed="true"><xs:attribute name="ref" type="xs:string"/><xs:attribute name="amount" type="xs:string"/></xs:complexType>
            </xs:element>
          </xs:sequence></xs:complexType>
        </xs:element>
        <xs:element name="steps">
          <xs:complexType><xs:sequence>
            <xs:element name="step" maxOccurs="unbounded">
              <xs:complexType mixed="true"><xs:sequence><xs:element name="em" type="xs:string" minOccurs="0" maxOccurs="unbounded"/></xs:sequence></xs:complexType>
            </xs:element>
          </xs:sequence></xs:complexType>
        </xs:element>
        <xs:element name="photo" minOccurs="0"><xs:complexType><xs:attribute name="src" type="xs:string" use="required"/></xs:complexType></xs:element>
      </xs:sequence>
      <xs:attribute name="id" type="xs:ID" use="required"/>
    </xs:complexType>
  </xs:element>
  <xs:element name="book">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="title" type="xs:string"/>
        <xs:element name="chapter" maxOccurs="unbounded">
          <xs:complexType><xs:sequence>
            <xs:element name="title" type="xs:string"/>
            <xs:element name="recipeRef" maxOccurs="unbounded"><xs:complexType><xs:attribute name="href" type="xs:string" use="required"/></xs:complexType></xs:element>
          </xs:sequence></xs:complexType>
        </xs:element>
      </xs:sequence>
      <xs:attribute name="id" type="xs:ID" use="required"/>
    </xs:complexType>
  </xs:element>
</xs:schema>
`;

export const RECIPE_PROFILE: XmlProfileBody = {
  libraryType: 'RecipeBook',
  description: 'Recipe books: recipes and the books that collect them',
  filePattern: '**/*.xml',
  unitRoots: ['recipe'],
  documentRoots: ['book'],
  idPath: '@id',
  titlePath: 'title',
  references: [
    { element: 'ingredient', attribute: 'ref', target: 'id' },
    { element: 'recipeRef', attribute: 'href', target: 'path' },
    { element: 'photo', attribute: 'src', target: 'path' },
  ],
  tocGroups: ['chapter'],
  vocabulary: {
    blocks: ['ingredients'],
    lists: ['steps'],
    listItems: ['step'],
    tables: [],
    rows: [],
    cells: [],
    inline: ['em', 'ingredient'],
    titles: ['title'],
  },
  css: '.x-ingredient { font-weight: bold; } .x-step { margin: 0.3em 0; }',
  grammarKind: 'xsd',
  grammarName: 'recipe.xsd',
  grammar: RECIPE_XSD,
};

export const RECIPE_FILES: Record<string, string> = {
  'recipes/dough.xml': `<?xml version="1.0" encoding="UTF-8"?>
<recipe id="dough">
  <title>Pizza dough</title>
  <steps>
    <step>Mix flour, water and yeast.</step>
    <step>Let it rise <em>two hours</em>.</step>
  </steps>
</recipe>
`,
  'recipes/margherita.xml': `<?xml version="1.0" encoding="UTF-8"?>
<recipe id="margherita">
  <title>Pizza Margherita</title>
  <ingredients>
    <ingredient ref="dough" amount="1">Dough</ingredient>
    <ingredient ref="tomato-sauce" amount="100 g">Tomato sauce</ingredient>
  </ingredients>
  <steps>
    <step>Spread the sauce on the dough.</step>
    <step>Bake at 250 °C.</step>
  </steps>
  <photo src="../images/margherita.png"/>
</recipe>
`,
  'book.xml': `<?xml version="1.0" encoding="UTF-8"?>
<book id="pizza-book">
  <title>The Pizza Book</title>
  <chapter>
    <title>Basics</title>
    <recipeRef href="recipes/dough.xml"/>
  </chapter>
  <chapter>
    <title>Pizzas</title>
    <recipeRef href="recipes/margherita.xml"/>
    <recipeRef href="recipes/calzone.xml"/>
  </chapter>
</book>
`,
};

/** A 1×1 PNG for the photo. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
