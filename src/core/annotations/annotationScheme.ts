// The schemes of annotations' documents: plain data, which the declarations (read by the build in plain Node) import.
export const ANNOTATION_SCHEME = 'axiom-annotation';
/** The scheme of Axiom's version of an annotation, shown beside the person's in a comparison. */
export const ANNOTATION_REMOTE_SCHEME = 'axiom-annotation-remote';
