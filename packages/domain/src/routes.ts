// The route table of spec §2: one list that the router, the menu, the tabs, the titles and the
// server's privilege seed all read.
export {};
