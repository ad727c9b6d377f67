/** Text the engine generates, in the content's language (xml:lang). */
export interface GeneratedText {
  lang: string;
  notes: Record<string, string>;
  contents: string;
  search: string;
  searchPlaceholder: string;
  noResults: string;
  relatedLinks: string;
  relatedConcepts: string;
  relatedTasks: string;
  relatedReferences: string;
  relatedInformation: string;
  parentTopic: string;
  figure: string;
  table: string;
  prereq: string;
  context: string;
  steps: string;
  result: string;
  postreq: string;
  example: string;
  troubleshooting: string;
  optional: string;
  required: string;
  cause: string;
  remedy: string;
  condition: string;
  footnotes: string;
  tableOfContents: string;
  page: string;
  /** Index redirections: "See" (index-see) and "See also" (index-see-also). */
  see: string;
  seeAlso: string;
  /** Column headings of a choicetable without <chhead>. */
  choiceOption: string;
  choiceDescription: string;
  colon: string;
  /** Heading of the index (indexterm) page. */
  index: string;
  /** The PDF cover's revision line ("Revision 3"). */
  revision: string;
}

/** What a language's table gives; the rest falls back to English. */
export type GeneratedTextPart = Partial<Omit<GeneratedText, 'lang' | 'notes'>> & { notes?: Record<string, string> };
