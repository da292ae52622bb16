/** A deal's "Copy code" button: copies the code and says so on the button for a moment. */
for (const button of document.querySelectorAll<HTMLButtonElement>("[data-copy-code]")) {
  button.addEventListener("click", async () => {
    const code = button.dataset.copyCode ?? "";
    try {
      await navigator.clipboard.writeText(code);
      button.textContent = "Copied";
    } catch {
      // No clipboard (an insecure origin, a refusal): select the code so it can be copied by hand.
      const shown = button.parentElement?.querySelector("code");
      if (shown) getSelection()?.selectAllChildren(shown);
    }
  });
}
