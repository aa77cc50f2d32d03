// Marks the page as having JavaScript (CSS shows the live parts only then).
document.documentElement.classList.add("js");
