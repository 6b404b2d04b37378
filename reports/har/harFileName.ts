/** The HAR file's name in --out: the registry's entry and the writer both name it (neither imports the other). */
export const HAR_FILE_NAME = "exchanges.har";
