import { Type, type Static } from 'typebox';

/** One web source the answer is grounded on. */
export const CitationSchema = Type.Object({
  /** Page title (the URL when the provider gives none). */
  title: Type.String(),
  /** Page URL. */
  url: Type.String(),
  /** Favicon URL or host, when known. */
  favicon: Type.Optional(Type.String()),
});
export type Citation = Static<typeof CitationSchema>;

/** Search grounding of an answer; sent at most once per stream. */
export const GroundingSchema = Type.Object(
  {
    citations: Type.Array(CitationSchema),
    /** Queries the provider ran, when it reports them. */
    searchQueries: Type.Optional(Type.Array(Type.String())),
  },
  { $id: 'Grounding' },
);
export type Grounding = Static<typeof GroundingSchema>;
